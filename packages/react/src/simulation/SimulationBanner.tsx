import type { Translate } from '../i18n/translator';

export interface SimulationBannerProps {
  t: Translate;
  /** Leaves simulation (the provider's `exit`). */
  onLeave(): void;
}

// Inline styles over the theme's variables: the site's CSP allows them, and the banner then
// needs no stylesheet of its own in the remote or the site.
const bannerStyle = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '8px 16px',
  padding: '10px 16px',
  margin: '0 0 16px',
  border: '1px solid var(--accent)',
  borderRadius: '6px',
  background: 'var(--bg-raised)',
  color: 'var(--fg)',
} as const;

/**
 * Says the account is simulated, on every page while simulation is on (SPEC 4), with a button to
 * leave. A status region: read out when it appears, found by its role.
 */
export function SimulationBanner({ t, onLeave }: SimulationBannerProps) {
  return (
    <div
      role="status"
      className="simulation-banner"
      data-testid="simulation-banner"
      style={bannerStyle}
    >
      <p style={{ margin: 0 }}>{t('simulation.banner')}</p>
      <button type="button" className="button-primary" onClick={onLeave}>
        {t('simulation.leave')}
      </button>
    </div>
  );
}
