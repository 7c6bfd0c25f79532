import type { Endpoint, EndpointReply, EndpointRequest } from '@exchange-web/protocol/endpoints';
import { useEndpointActions } from '@exchange-web/react/query/useEndpointActions';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { useCallback, useState } from 'react';
import { copyFailureKey } from './copy-text';

export interface CopyMessage {
  kind: 'success' | 'error';
  text: string;
}

// Sent once per click, never merged with an earlier identical call, its refusal said in the form.
const COPY_CALL = { fresh: true, quiet: true };

/** Runs a copy-trading call of a form, one at a time, its outcome as a sentence of the page. */
export function useCopyAction() {
  const { t } = useShellState();
  const { call: send } = useEndpointActions();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<CopyMessage | null>(null);

  const call = useCallback(
    async <E extends Endpoint>(
      endpoint: E,
      body: EndpointRequest<E>,
      done: (reply: EndpointReply<E>) => string,
    ): Promise<EndpointReply<E> | null> => {
      setBusy(true);
      setMessage(null);
      try {
        const reply = await send(endpoint, body, COPY_CALL);
        setMessage({ kind: 'success', text: done(reply) });
        return reply;
      } catch (failure) {
        const { key, refusal } = copyFailureKey(failure);
        setMessage({
          kind: 'error',
          text: refusal ? t('copy.refused', { reason: t(key) }) : t(key),
        });
        return null;
      } finally {
        setBusy(false);
      }
    },
    [send, t],
  );

  return { busy, message, setMessage, call };
}

/** The outcome of a copy-trading form, announced as it changes. */
export function CopyStatus({ message, testId }: { message: CopyMessage | null; testId: string }) {
  return (
    <p role="status" data-testid={testId} data-kind={message?.kind ?? ''}>
      {message?.text ?? ''}
    </p>
  );
}
