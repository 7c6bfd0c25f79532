import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyTelegramProof } from './telegram-proof';

const BOT_TOKEN = '7000000001:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw_';
const NOW = 1_790_000_000_000;
const nowSeconds = NOW / 1000;

/** Signs fields as Telegram's Login Widget does (written from Telegram's page, not our module). */
function widgetData(fields: Record<string, string>, token = BOT_TOKEN): string {
  const checkString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const key = createHash('sha256').update(token).digest();
  const hash = createHmac('sha256', key).update(checkString).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}

/** Signs fields as Telegram signs a Mini App's initData. */
function miniAppData(fields: Record<string, string>, token = BOT_TOKEN): string {
  const checkString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const key = createHmac('sha256', 'WebAppData').update(token).digest();
  const hash = createHmac('sha256', key).update(checkString).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}

const person = {
  id: '424242',
  first_name: 'Ada',
  username: 'ada_l',
  auth_date: String(nowSeconds - 30),
};

describe('verifyTelegramProof', () => {
  it('takes Login Widget data signed under the bot token, naming the account and its expiry', () => {
    const identity = verifyTelegramProof(
      { initData: widgetData(person), source: 'widget' },
      BOT_TOKEN,
      NOW,
    );
    expect(identity).toMatchObject({
      subject: '424242',
      expiresAt: (nowSeconds - 30 + 600) * 1000,
    });
    expect(identity?.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('takes a Mini App initData, whose account is in the user field', () => {
    const initData = miniAppData({
      query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
      user: JSON.stringify({ id: 279058397, first_name: 'Vladislav', language_code: 'ru' }),
      auth_date: String(nowSeconds - 3600),
    });
    expect(verifyTelegramProof({ initData, source: 'miniApp' }, BOT_TOKEN, NOW)?.subject).toBe(
      '279058397',
    );
  });

  it('refuses data signed under another bot, or with the other source key', () => {
    const otherBot = '7000000002:BBHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw_';
    expect(
      verifyTelegramProof(
        { initData: widgetData(person, otherBot), source: 'widget' },
        BOT_TOKEN,
        NOW,
      ),
    ).toBeNull();
    // Widget data sent as a Mini App's (and the reverse) is checked under the wrong key.
    expect(
      verifyTelegramProof({ initData: widgetData(person), source: 'miniApp' }, BOT_TOKEN, NOW),
    ).toBeNull();
    expect(
      verifyTelegramProof({ initData: miniAppData(person), source: 'widget' }, BOT_TOKEN, NOW),
    ).toBeNull();
  });

  it('refuses changed, added and doubled fields', () => {
    const signed = new URLSearchParams(widgetData(person));
    const changed = new URLSearchParams(signed);
    changed.set('id', '1');
    const added = new URLSearchParams(signed);
    added.set('photo_url', 'https://example.com/a.jpg');
    const doubled = `${signed.toString()}&id=424242`;
    for (const initData of [changed.toString(), added.toString(), doubled])
      expect(verifyTelegramProof({ initData, source: 'widget' }, BOT_TOKEN, NOW)).toBeNull();
  });

  it('refuses data without a well-formed hash, date or account', () => {
    const noHash = new URLSearchParams(widgetData(person));
    noHash.delete('hash');
    const shortHash = new URLSearchParams(widgetData(person));
    shortHash.set('hash', 'abc');
    for (const initData of [
      noHash.toString(),
      shortHash.toString(),
      widgetData({ ...person, auth_date: 'yesterday' }),
      widgetData({ first_name: 'Ada', auth_date: person.auth_date }),
      widgetData({ ...person, id: '-5' }),
      '%%%',
    ])
      expect(verifyTelegramProof({ initData, source: 'widget' }, BOT_TOKEN, NOW)).toBeNull();
  });

  it('refuses widget data older than 10 minutes, Mini App data older than a day, and data from ahead', () => {
    const at = (seconds: number) => String(nowSeconds + seconds);
    const widget = (authDate: string) =>
      verifyTelegramProof(
        { initData: widgetData({ ...person, auth_date: authDate }), source: 'widget' },
        BOT_TOKEN,
        NOW,
      );
    expect(widget(at(-599))).not.toBeNull();
    expect(widget(at(-600))).toBeNull();
    expect(widget(at(60))).not.toBeNull();
    expect(widget(at(61))).toBeNull();
    const user = JSON.stringify({ id: 5 });
    const miniApp = (authDate: string) =>
      verifyTelegramProof(
        { initData: miniAppData({ user, auth_date: authDate }), source: 'miniApp' },
        BOT_TOKEN,
        NOW,
      );
    expect(miniApp(at(-86_399))).not.toBeNull();
    expect(miniApp(at(-86_400))).toBeNull();
  });
});
