import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createFeedback, type FeedbackContext } from './feedback';

/** A stand-in for antd's static feedback API that records what it was asked. */
function fakeAntd() {
  const calls: { what: string; args: unknown }[] = [];
  let holder: ((children: ReactNode) => ReactNode) | undefined;
  const antd = {
    message: {
      config: (args: unknown) => calls.push({ what: 'message.config', args }),
      error: (args: unknown) => calls.push({ what: 'message.error', args }),
    },
    notification: {
      config: (args: unknown) => calls.push({ what: 'notification.config', args }),
      info: (args: unknown) => calls.push({ what: 'notification.info', args }),
    },
    ConfigProvider: Object.assign(() => null, {
      config: (args: { holderRender: (children: ReactNode) => ReactNode }) => {
        holder = args.holderRender;
      },
    }),
  };
  let loads = 0;
  return {
    calls,
    holder: () => holder,
    loads: () => loads,
    load: async () => {
      loads += 1;
      return antd as never;
    },
  };
}

describe('feedback', () => {
  it('shows toasts for 3 s and notifications for 4.5 s, 24 px from the edge (SPEC 9)', async () => {
    const antd = fakeAntd();
    const feedback = createFeedback(() => ({ language: 'en', theme: 'white' }), antd.load);
    await feedback.toastError('Network Error');
    await feedback.notify('Order filled', 'BTCUSDT');
    expect(antd.calls).toEqual([
      { what: 'message.config', args: { duration: 3, top: 24, rtl: false } },
      {
        what: 'notification.config',
        args: { duration: 4.5, top: 24, bottom: 24, rtl: false },
      },
      { what: 'message.error', args: 'Network Error' },
      { what: 'notification.info', args: { title: 'Order filled', description: 'BTCUSDT' } },
    ]);
    expect(antd.holder()).toBeTypeOf('function');
  });

  it('loads antd once, on the first message, and follows a change of direction', async () => {
    const antd = fakeAntd();
    const context: FeedbackContext = { language: 'en', theme: 'white' };
    const feedback = createFeedback(() => context, antd.load);
    expect(antd.loads()).toBe(0);
    await feedback.toastError('a');
    await feedback.toastError('b');
    context.language = 'ar';
    await feedback.toastError('c');
    expect(antd.loads()).toBe(1);
    const configs = antd.calls.filter((call) => call.what === 'message.config');
    expect(configs.map((call) => (call.args as { rtl: boolean }).rtl)).toEqual([false, true]);
  });

  it("makes dayjs follow the page's language with the first message, and a change of it", async () => {
    const antd = fakeAntd();
    const applied: string[] = [];
    const context: FeedbackContext = { language: 'ja', theme: 'white' };
    const feedback = createFeedback(
      () => context,
      antd.load,
      async (dayjsLang) => applied.push(dayjsLang),
    );
    // antd is dayjs's one reader: nothing loads before a message does.
    expect(applied).toEqual([]);
    await feedback.toastError('a');
    await feedback.toastError('b');
    expect(applied).toEqual(['ja']);
    context.language = 'en-GB';
    await feedback.toastError('c');
    expect(applied).toEqual(['ja', 'en-gb']);
  });
});
