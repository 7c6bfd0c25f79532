import type { ApiKeyCreateReply } from '@exchange-web/protocol/schemas';
import type { Translate } from '@exchange-web/react/i18n/translator';
import { useEffect, useId, useRef } from 'react';
import { DescriptionList } from '../form/controls';
import { CopyableCode, type WriteText } from './CopyableCode';
import styles from './account.module.css';

export interface CreatedKeyProps {
  created: ApiKeyCreateReply;
  t: Translate;
  /** @default the system clipboard */
  writeText?: WriteText;
}

/**
 * A key just created, with its secret: shown this once, each value with a copy button. It takes
 * the focus when it appears, so the secret is in view (it sits above the form) and read out.
 */
export function CreatedKey({ created, t, writeText }: CreatedKeyProps) {
  const titleId = useId();
  const apiKeyId = useId();
  const secretId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    title.current?.focus();
  }, [created.apiKey]);

  const copyable = (text: string, labelledBy: string, codeTestId?: string) => (
    <CopyableCode
      text={text}
      labelledBy={labelledBy}
      copyLabel={t('apiKeys.copy')}
      copiedLabel={t('apiKeys.copied')}
      {...(codeTestId === undefined ? {} : { codeTestId })}
      {...(writeText === undefined ? {} : { writeText })}
    />
  );
  return (
    <section className={styles.created} aria-labelledby={titleId} data-testid="api-key-created">
      <h2 id={titleId} ref={title} tabIndex={-1} className={styles.createdTitle}>
        {t('apiKeys.createdTitle', { label: created.label })}
      </h2>
      <p>{t('apiKeys.secretOnce')}</p>
      <DescriptionList
        items={[
          {
            key: 'apiKey',
            label: <span id={apiKeyId}>{t('apiKeys.apiKey')}</span>,
            value: copyable(created.apiKey, apiKeyId),
          },
          {
            key: 'secretKey',
            label: <span id={secretId}>{t('apiKeys.secretKey')}</span>,
            value: copyable(created.secretKey, secretId, 'api-secret'),
          },
        ]}
      />
    </section>
  );
}
