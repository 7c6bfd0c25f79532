import type { Translate } from '@exchange-web/react/i18n/translator';
import { Button, ChoiceGroup, Switch } from '../form/controls';
import formStyles from '../form/form.module.css';
import styles from './tracking.module.css';
import { OVERVIEW_WINDOWS, type OverviewWindow } from './useTrackingOverview';

/** A window as a radio value (radios carry text, the overview asks for hours). */
type WindowValue = `${OverviewWindow}`;

const windowOf = (value: WindowValue): OverviewWindow =>
  OVERVIEW_WINDOWS.find((hours) => `${hours}` === value) ?? OVERVIEW_WINDOWS[0];

export interface TrackingToolbarProps {
  t: Translate;
  hours: OverviewWindow;
  onHoursChange(hours: OverviewWindow): void;
  /** The overview is being loaded: the refresh button waits for it. */
  loading: boolean;
  onRefresh(): void;
  /** Whether events are uploaded; null until the overview says. */
  uploading: boolean | null;
  /** A change of the upload switch is being sent. */
  switching: boolean;
  onUploadChange(on: boolean): void;
}

/** The tracking page's controls: the time window, a refresh, and the event upload switch. */
export function TrackingToolbar(props: TrackingToolbarProps) {
  const { t } = props;
  const windowLabels: Record<OverviewWindow, string> = {
    1: t('operator.tracking.lastHour'),
    24: t('operator.tracking.lastDay'),
    168: t('operator.tracking.lastWeek'),
  };
  const uploading = props.uploading ?? false;
  return (
    <div className={styles.toolbar}>
      <ChoiceGroup<WindowValue>
        legend={t('operator.tracking.window')}
        showLegend
        name="tracking-window"
        data-testid="tracking-window"
        value={`${props.hours}`}
        onChange={(value) => props.onHoursChange(windowOf(value))}
        options={OVERVIEW_WINDOWS.map((hours) => ({
          value: `${hours}` as const,
          label: windowLabels[hours],
        }))}
      />
      <Button onClick={props.onRefresh} loading={props.loading} data-testid="tracking-refresh">
        {t('operator.tracking.refresh')}
      </Button>
      <div className={styles.toolbarGroup}>
        {/* Shown like the window's legend; the switch carries the same words as its name. */}
        <span className={formStyles.label} aria-hidden="true">
          {t('operator.tracking.uploadSwitch')}
        </span>
        <span className={styles.switchRow}>
          <Switch
            label={t('operator.tracking.uploadSwitch')}
            data-testid="tracking-upload-switch"
            checked={uploading}
            disabled={props.uploading === null}
            loading={props.switching}
            stateText={t(uploading ? 'operator.tracking.on' : 'operator.tracking.off')}
            onChange={props.onUploadChange}
          />
        </span>
      </div>
    </div>
  );
}
