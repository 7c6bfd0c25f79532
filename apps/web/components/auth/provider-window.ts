/** Thrown when the browser would not open a sign-in provider's window. */
export class PopupBlockedError extends Error {
  override name = 'PopupBlockedError';
}

/** Thrown when the person closed the provider's window before it sent them back. */
export class ProviderWindowClosedError extends Error {
  override name = 'ProviderWindowClosedError';
}

/** How often the opener looks whether the person closed the provider's window. */
const CLOSED_POLL_MS = 500;

/**
 * Opens a sign-in provider's page (Telegram, Google, Apple) in a window of its own and waits for
 * this site's return page in it to post back a message of `type` (README "Third-party sign-in").
 * The window opens before anything is awaited, inside the click that asked for it, so no pop-up
 * blocker takes it for an unasked one; `start` then says where to send it (it may ask the
 * gateway). The page that asked keeps its state (a form's current password) meanwhile.
 */
export async function providerAnswer<Start>(
  type: string,
  start: () => Promise<{ url: string; started: Start }>,
): Promise<{ data: unknown; started: Start }> {
  const popup = window.open('', 'sign-in-provider', 'popup,width=550,height=680');
  if (!popup) throw new PopupBlockedError();
  let begun: { url: string; started: Start };
  try {
    begun = await start();
  } catch (failure) {
    popup.close();
    throw failure;
  }
  popup.location.href = begun.url;
  const data = await new Promise<unknown>((resolve, reject) => {
    const done = () => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(closedPoll);
    };
    const onMessage = (event: MessageEvent) => {
      // Only this site's return page, in the window opened here, answers.
      if (event.origin !== window.location.origin || event.source !== popup) return;
      const message = event.data as { type?: unknown } | null;
      if (typeof message !== 'object' || message === null || message.type !== type) return;
      done();
      popup.close();
      resolve(message);
    };
    // No event tells a window closed: a person who gives up closes it, and the wait ends. The
    // return page never closes itself (this page does, once its message is in), so a closed
    // window is one the person closed, not an answer still on its way.
    const closedPoll = window.setInterval(() => {
      if (!popup.closed) return;
      done();
      reject(new ProviderWindowClosedError());
    }, CLOSED_POLL_MS);
    window.addEventListener('message', onMessage);
  });
  return { data, started: begun.started };
}

/**
 * Hands what a provider sent back to the page that opened this window (this site's pages only),
 * which then closes it; false when no page opened it.
 */
export function handBack(message: { type: string; [field: string]: unknown }): boolean {
  const opener = window.opener as Window | null;
  if (!opener || opener === window) return false;
  opener.postMessage(message, window.location.origin);
  return true;
}
