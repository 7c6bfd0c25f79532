import { CopyPagePath } from '@exchange-web/protocol/paths';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { useSimulation } from '@exchange-web/react/simulation/SimulationProvider';
import Head from 'next/head';
import type { ReactNode } from 'react';
import { SectionNav } from '../SectionNav';
import styles from './copy.module.css';

export type CopySection = 'discovery' | 'orders' | 'records';

const SECTION_PATHS: Record<CopySection, string> = {
  discovery: CopyPagePath.discovery,
  orders: CopyPagePath.orders,
  records: CopyPagePath.records,
};

export interface CopyFrameProps {
  section: CopySection;
  /** The page's heading and title. */
  title: string;
  lead?: string;
  testId: string;
  children: ReactNode;
}

/** The frame of the copy-trading pages: title, heading, lead and the nav between them. */
export function CopyFrame({ section, title, lead, testId, children }: CopyFrameProps) {
  const { t } = useShellState();
  // Simulation allows the order and record pages only (SPEC 2): discovery is not offered then.
  const simulation = useSimulation().on;
  const sections = (Object.keys(SECTION_PATHS) as CopySection[]).filter(
    (key) => !simulation || key !== 'discovery',
  );
  return (
    <>
      <Head>
        <title>{title}</title>
      </Head>
      <section className={styles.page} aria-labelledby="copy-title" data-testid={testId}>
        <h1 id="copy-title">{title}</h1>
        {lead ? <p className={styles.note}>{lead}</p> : null}
        <SectionNav
          label={t('copy.nav')}
          items={sections.map((key) => ({
            key,
            href: SECTION_PATHS[key],
            label: t(`copy.sections.${key}`),
          }))}
          current={section}
        />
        {children}
      </section>
    </>
  );
}
