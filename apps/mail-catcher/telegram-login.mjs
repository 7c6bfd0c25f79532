// The local stand-in for Telegram's login page (oauth.telegram.org/auth), for `npm start` and the
// e2e stack: the site opens it as it would open Telegram's, a person (or a test) says who they are
// on Telegram, and it sends them back to the site with the fields signed as Telegram signs them
// (core.telegram.org/widgets/login, "Checking authorization") under the bot token the gateway
// holds too. Nothing about the account is checked: this is where Telegram would ask the person.
// It also opens the site as Telegram opens a Mini App (core.telegram.org/bots/webapps): the page
// with the launch data, signed under the Mini App key, in its `#tgWebAppData` fragment.
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';

const HTML_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);

const ID_PATTERN = /^[1-9][0-9]{0,19}$/;
const USERNAME_PATTERN = /^[A-Za-z0-9_]{0,32}$/;
const MAX_NAME_LENGTH = 64;

/** The origin of an http(s) URL, or undefined. */
function originOf(text) {
  try {
    const url = new URL(text);
    return /^https?:$/.test(url.protocol) ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The site a login request is from, or the reason it is refused: the bot must be the one this
 * stand-in signs for, and the way back must be on the site's origin (Telegram sends people back
 * only to the bot's own domain).
 */
function requestFrom(query, botToken) {
  if (botToken === undefined)
    return { status: 503, error: 'no bot token is set (TELEGRAM_BOT_TOKEN)' };
  const botId = query.get('bot_id');
  if (botId !== botToken.split(':')[0]) return { status: 400, error: 'bot_id: not this bot' };
  const origin = originOf(query.get('origin') ?? '');
  const returnTo = query.get('return_to') ?? '';
  if (origin === undefined || originOf(returnTo) !== origin || query.get('origin') !== origin) {
    return {
      status: 400,
      error: 'origin and return_to must be one http(s) origin and a page on it',
    };
  }
  return { botId, origin, returnTo };
}

/** Where each of the stand-in's forms goes: the login widget's way back, or a Mini App's launch. */
export const TelegramAction = { confirm: '/telegram/confirm', openApp: '/telegram/app/open' };

/**
 * The page that asks who is signing in; the form goes to `action` (the login's confirmation, or
 * the Mini App's launch).
 */
export function telegramLoginPage(query, botToken, action = TelegramAction.confirm) {
  const request = requestFrom(query, botToken);
  if (request.error !== undefined) return { status: request.status, text: request.error };
  const hidden = ['bot_id', 'origin', 'return_to']
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(query.get(name))}">`)
    .join('\n');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Log in with Telegram (local stand-in)</title>
<style>
body { font: 15px/1.4 system-ui, sans-serif; margin: 2rem auto; max-width: 28rem; padding: 0 1rem; }
label { display: block; margin-block: 0.75rem; }
input { display: block; inline-size: 100%; box-sizing: border-box; padding: 0.4rem; font: inherit; }
button { padding: 0.5rem 1rem; font: inherit; }
</style>
</head>
<body>
<h1>Log in to ${escapeHtml(request.origin)}</h1>
<p>This local stand-in for Telegram signs in as the Telegram account you name. Give the same id again to sign in as the same person.</p>
<form method="get" action="${action}">
${hidden}
<label>Telegram id <input name="id" inputmode="numeric" required pattern="[1-9][0-9]{0,19}" value="${randomInt(100_000_000, 999_999_999)}"></label>
<label>First name <input name="first_name" required maxlength="${MAX_NAME_LENGTH}" value="Telegram user"></label>
<label>Username <input name="username" pattern="[A-Za-z0-9_]{0,32}"></label>
<button type="submit">Confirm</button>
</form>
</body>
</html>
`;
  return {
    status: 200,
    html,
    // The form goes to this server, which sends the browser on to the site: both are form targets.
    csp: `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self' ${request.origin}; frame-ancestors 'none'`,
  };
}

/** Signs fields as Telegram's login page does: HMAC-SHA-256 under SHA-256 of the bot token. */
export function signTelegramFields(fields, botToken) {
  const checkString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const key = createHash('sha256').update(botToken).digest();
  return { ...fields, hash: createHmac('sha256', key).update(checkString).digest('hex') };
}

/** The person a form names, or the reason it is refused. */
function personFrom(query) {
  const id = query.get('id') ?? '';
  const firstName = (query.get('first_name') ?? '').trim();
  const username = query.get('username') ?? '';
  if (!ID_PATTERN.test(id)) return { status: 400, error: 'id: a positive whole number' };
  if (firstName === '' || firstName.length > MAX_NAME_LENGTH) {
    return { status: 400, error: `first_name: 1 to ${MAX_NAME_LENGTH} characters` };
  }
  if (!USERNAME_PATTERN.test(username))
    return { status: 400, error: 'username: letters, digits, _' };
  return { id, firstName, username };
}

/** A confirmed form's site and person, or the reason it is refused. */
function confirmedRequest(query, botToken) {
  const request = requestFrom(query, botToken);
  if (request.error !== undefined) return request;
  const person = personFrom(query);
  if (person.error !== undefined) return person;
  return { request, person };
}

/** Where the confirmed person goes: the way back, with the signed fields in its query. */
export function telegramConfirm(query, botToken, now = Date.now()) {
  const asked = confirmedRequest(query, botToken);
  if (asked.error !== undefined) return { status: asked.status, text: asked.error };
  const { request, person } = asked;
  const fields = {
    id: person.id,
    first_name: person.firstName,
    ...(person.username === '' ? {} : { username: person.username }),
    auth_date: String(Math.floor(now / 1000)),
  };
  const location = new URL(request.returnTo);
  for (const [name, value] of Object.entries(signTelegramFields(fields, botToken))) {
    location.searchParams.set(name, value);
  }
  return { status: 303, location: location.toString() };
}

/**
 * A Mini App's launch data (`initData`) as Telegram signs it: every field but `hash`, sorted,
 * under HMAC-SHA-256 of the bot token keyed by `WebAppData`.
 */
export function signMiniAppData(fields, botToken) {
  const checkString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const key = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const hash = createHmac('sha256', key).update(checkString).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}

/**
 * Opens the site's page as Telegram opens a Mini App: the launch data in the `tgWebAppData`
 * parameter of its fragment, beside the client's version and platform.
 */
export function telegramMiniAppLaunch(query, botToken, now = Date.now()) {
  const asked = confirmedRequest(query, botToken);
  if (asked.error !== undefined) return { status: asked.status, text: asked.error };
  const { request, person } = asked;
  const user = {
    id: Number(person.id),
    first_name: person.firstName,
    ...(person.username === '' ? {} : { username: person.username }),
    language_code: 'en',
  };
  const initData = signMiniAppData(
    {
      query_id: `AA${randomBytes(12).toString('base64url')}`,
      user: JSON.stringify(user),
      auth_date: String(Math.floor(now / 1000)),
    },
    botToken,
  );
  const location = new URL(request.returnTo);
  location.hash = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'weba',
  }).toString();
  return { status: 303, location: location.toString() };
}
