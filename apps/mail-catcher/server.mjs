// The local mail and SMS catcher of `npm start` and the e2e stack: the gateway's e-mails arrive
// here over real SMTP and its text messages on the SMS webhook, and a person (or a test) reads them
// in an inbox instead of a real mailbox or phone. It also stands in for Telegram's login page
// (telegram-login.mjs), signing under the bot token `TELEGRAM_BOT_TOKEN` the gateway holds too
// (and opens the site as a Telegram Mini App at `/telegram/app`),
// and for Google's and Apple's OpenID providers under `/oidc` (openid-provider.mjs), with the
// clients `OPENID_CLIENTS` names (JSON: `[{client_id, client_secret, redirect_uris}]`).
//
// It listens on 127.0.0.1 only and keeps the newest messages in memory. Whatever arrives on either
// port (a mangled URL, a body that is no JSON, a message too large) is refused with a 4xx (or an
// SMTP 5xx) and the catcher keeps running.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { answerParserErrors, refuseOnSocket } from '@exchange-web/node-guards/parser-errors';
import { createOpenIdProvider } from './openid-provider.mjs';
import {
  TelegramAction,
  telegramConfirm,
  telegramLoginPage,
  telegramMiniAppLaunch,
} from './telegram-login.mjs';

const HOST = '127.0.0.1';

/** A port from the environment, or the default; anything but a port number stops the start. */
function portFrom(name, fallback) {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    console.error(`mail-catcher: ${name} must be a port number (1-65535), not ${value}`);
    process.exit(1);
  }
  return port;
}

const httpPort = portFrom('MAIL_CATCHER_PORT', 1080);
const smtpPort = portFrom('MAIL_CATCHER_SMTP_PORT', 1025);

/** Messages kept; older ones are dropped so a long-running catcher does not grow without end. */
const MAX_MESSAGES = 500;
/** The largest e-mail (as sent over SMTP) and SMS webhook body taken. */
const MAX_MESSAGE_BYTES = 1024 * 1024;
/** Recipients of one e-mail: the gateway sends each message to one address. */
const MAX_RECIPIENTS = 50;
const MAX_URL_LENGTH = 2048;
/** The longest SMS recipient taken (`+81 9012345678` is 14). */
const MAX_SMS_TO_LENGTH = 64;
/** On every reply, the error replies the HTTP parser makes included. */
const NOSNIFF = { 'x-content-type-options': 'nosniff' };

/** Newest first. */
const messages = [];

function store(message) {
  messages.unshift(message);
  if (messages.length > MAX_MESSAGES) messages.length = MAX_MESSAGES;
  return message;
}

// --- SMTP ---------------------------------------------------------------------------------------

/** The catcher's record of one e-mail: `raw` is the message as received over SMTP. */
async function parseMail(raw, envelope) {
  const mail = await simpleParser(raw, {
    // The inbox shows the text; links and images inside are of no use here.
    skipImageLinks: true,
    skipTextLinks: true,
    skipTextToHtml: true,
  });
  return {
    id: randomUUID(),
    channel: 'email',
    // The envelope names who the message was delivered to (Bcc included), whatever the headers say.
    to: (envelope.rcptTo[0]?.address ?? '').toLowerCase(),
    from: mail.from?.text ?? '',
    subject: mail.subject ?? '',
    // mailparser makes the text of an HTML-only message from its HTML. The line break that ends
    // a message on the wire is no part of what was sent.
    text: (mail.text ?? '').replace(/\r?\n$/, ''),
    receivedAt: new Date().toISOString(),
  };
}

/** An error smtp-server sends to the client as `code message`. */
function smtpError(code, message) {
  const error = new Error(message);
  error.responseCode = code;
  return error;
}

const smtp = new SMTPServer({
  // Anyone on loopback may send, in the clear: this is a development inbox, not a relay.
  disabledCommands: ['AUTH', 'STARTTLS'],
  authOptional: true,
  // Announced (SIZE) and enforced below: a larger message is read to its end but not kept.
  size: MAX_MESSAGE_BYTES,
  maxClients: 50,
  banner: 'exchange-web mail catcher',
  logger: false,
  onRcptTo(_address, session, callback) {
    if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) {
      return callback(smtpError(452, 'Too many recipients'));
    }
    return callback();
  },
  onData(stream, session, callback) {
    const chunks = [];
    let bytes = 0;
    // One answer per message, whether the stream ends or fails.
    let answered = false;
    const answer = (error, text) => {
      if (answered) return;
      answered = true;
      callback(error, text);
    };
    stream.on('data', (chunk) => {
      bytes += chunk.length;
      if (bytes <= MAX_MESSAGE_BYTES) chunks.push(chunk);
    });
    stream.on('error', (error) => answer(smtpError(451, `Reading the message failed: ${error}`)));
    stream.on('end', () => {
      if (stream.sizeExceeded || bytes > MAX_MESSAGE_BYTES) {
        answer(smtpError(552, `Message exceeds the maximum size of ${MAX_MESSAGE_BYTES} bytes`));
        return;
      }
      parseMail(Buffer.concat(chunks), session.envelope).then(
        (message) => answer(null, `Caught as ${store(message).id}`),
        (error) => answer(smtpError(554, `The message could not be parsed: ${error}`)),
      );
    });
  },
});

// smtp-server reports a client's broken connection as an error of the server: without a listener
// that would end the process. Before it listens, an error (the port in use) does end it.
let smtpListening = false;
smtp.on('error', (error) => {
  if (!smtpListening) {
    console.error(`mail-catcher: SMTP could not listen on ${HOST}:${smtpPort}: ${error.message}`);
    process.exit(1);
  }
  console.error(`mail-catcher: SMTP connection error: ${error.message}`);
});

// --- HTTP ---------------------------------------------------------------------------------------

function reply(response, status, headers = {}, body = '') {
  response.writeHead(status, {
    ...NOSNIFF,
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    ...headers,
  });
  response.end(response.req.method === 'HEAD' ? undefined : body);
}

function replyJson(response, status, value) {
  reply(
    response,
    status,
    { 'content-type': 'application/json; charset=utf-8' },
    JSON.stringify(value),
  );
}

/**
 * A query string's parameters (form encoding: `+` is a space), or undefined when an escape in it
 * does not decode. URLSearchParams would keep a malformed escape as written instead.
 */
function parseQuery(query) {
  const params = new Map();
  for (const part of query.split('&')) {
    if (part === '') continue;
    const equals = part.indexOf('=');
    const rawName = equals === -1 ? part : part.slice(0, equals);
    const rawValue = equals === -1 ? '' : part.slice(equals + 1);
    let name;
    let value;
    try {
      name = decodeURIComponent(rawName.replaceAll('+', ' '));
      value = decodeURIComponent(rawValue.replaceAll('+', ' '));
    } catch {
      return undefined;
    }
    // The first of a repeated parameter counts.
    if (!params.has(name)) params.set(name, value);
  }
  return params;
}

/** Whether every escape of a request path decodes (it is matched as sent, undecoded). */
function decodes(rawPath) {
  try {
    decodeURIComponent(rawPath);
    return true;
  } catch {
    return false;
  }
}

const HTML_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text made safe for an HTML text node or a quoted attribute value. */
const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);

function inboxPage() {
  const items = messages.map(
    (message) => `<li>
  <p><strong>${escapeHtml(message.subject || (message.channel === 'sms' ? 'SMS' : '(no subject)'))}</strong></p>
  <p>${escapeHtml(message.channel)} to <code>${escapeHtml(message.to)}</code>${
    message.from ? ` from <code>${escapeHtml(message.from)}</code>` : ''
  } at <time datetime="${escapeHtml(message.receivedAt)}">${escapeHtml(message.receivedAt)}</time></p>
  <pre>${escapeHtml(message.text)}</pre>
</li>`,
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Mail and SMS inbox (${messages.length})</title>
<style>
body { font: 15px/1.4 system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; }
ol { list-style: none; padding: 0; }
li { border-top: 1px solid #ccc; padding: 0.5rem 0; }
p { margin: 0.25rem 0; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f4f4f4; padding: 0.5rem; }
</style>
</head>
<body>
<h1>Mail and SMS inbox</h1>
<p>${messages.length} message${messages.length === 1 ? '' : 's'}, newest first (the latest ${MAX_MESSAGES} are kept). Reload for new ones.</p>
<ol>
${items.join('\n')}
</ol>
</body>
</html>
`;
}

/** The most of a refused body read (and dropped) so that the refusal arrives. */
const MAX_DISCARDED_BYTES = 8 * MAX_MESSAGE_BYTES;

/**
 * Reads a request body up to `limit` bytes; undefined, at once, when it is larger. The rest of a
 * larger body is read and dropped: a server that closes with unread bytes makes the kernel reset
 * the connection, and a client still sending loses the refusal with it. Past a cap, the
 * connection is closed anyway.
 */
function readBody(request, limit) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let bytes = 0;
    let settled = false;
    const settle = (value) => {
      settled = true;
      resolve(value);
    };
    request.on('data', (chunk) => {
      bytes += chunk.length;
      if (settled) {
        if (bytes > limit + MAX_DISCARDED_BYTES) request.socket.destroy();
      } else if (bytes > limit) {
        chunks.length = 0;
        settle(undefined);
      } else {
        chunks.push(chunk);
      }
    });
    request.on('end', () => {
      if (!settled) settle(Buffer.concat(chunks));
    });
    request.on('error', (error) => {
      if (!settled) reject(error);
    });
    request.on('close', () => {
      if (!settled) reject(new Error('the request was aborted'));
    });
  });
}

/** The SMS of a webhook body (`{to, text}`), or the reason it is refused. */
function smsFrom(body) {
  let value;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    return { error: 'the body is not JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { error: 'the body is not a JSON object' };
  }
  const { to, text } = value;
  if (typeof to !== 'string' || to.trim() === '' || to.length > MAX_SMS_TO_LENGTH) {
    return { error: `"to" must be a non-empty string of at most ${MAX_SMS_TO_LENGTH} characters` };
  }
  if (typeof text !== 'string') return { error: '"text" must be a string' };
  return { to: to.trim(), text };
}

async function postSms(request, response) {
  const tooLarge = () =>
    replyJson(response, 413, { error: `the body exceeds ${MAX_MESSAGE_BYTES} bytes` });
  const declared = Number(request.headers['content-length']);
  if (declared > MAX_MESSAGE_BYTES + MAX_DISCARDED_BYTES) {
    // Not worth reading to its end: the connection is closed after the answer.
    response.shouldKeepAlive = false;
    return tooLarge();
  }
  if (declared > MAX_MESSAGE_BYTES) {
    // Refused at once, then read (past a limit of nothing) and dropped. The connection stays
    // open meanwhile: closed, it would cut off a client still sending, answer unread.
    tooLarge();
    return void readBody(request, 0).catch(() => {});
  }
  // readBody goes on dropping the rest of a body that proves too large.
  const body = await readBody(request, MAX_MESSAGE_BYTES);
  if (body === undefined) return tooLarge();
  const sms = smsFrom(body);
  if (sms.error !== undefined) return replyJson(response, 400, { error: sms.error });
  const message = store({
    id: randomUUID(),
    channel: 'sms',
    to: sms.to,
    from: '',
    subject: '',
    text: sms.text,
    receivedAt: new Date().toISOString(),
  });
  return replyJson(response, 201, message);
}

/** The methods each path answers. */
const ROUTES = {
  '/': ['GET', 'HEAD'],
  '/healthz': ['GET', 'HEAD'],
  '/api/messages': ['GET', 'HEAD', 'DELETE'],
  '/api/sms': ['POST'],
  '/telegram/auth': ['GET', 'HEAD'],
  '/telegram/confirm': ['GET', 'HEAD'],
  '/telegram/app': ['GET', 'HEAD'],
  '/telegram/app/open': ['GET', 'HEAD'],
};

/** Where the OpenID provider stand-in is mounted: its issuer is this server's origin and path. */
const OPENID_MOUNT = '/oidc';

/** The OpenID provider's clients, or undefined (its paths answer 503); malformed, the start stops. */
function openIdClients() {
  const raw = process.env.OPENID_CLIENTS;
  if (raw === undefined || raw === '') return undefined;
  try {
    const clients = JSON.parse(raw);
    if (
      Array.isArray(clients) &&
      clients.every(
        (client) =>
          typeof client?.client_id === 'string' &&
          typeof client.client_secret === 'string' &&
          Array.isArray(client.redirect_uris),
      )
    )
      return clients;
  } catch {
    // Said below.
  }
  console.error(
    'mail-catcher: OPENID_CLIENTS must be JSON: [{client_id, client_secret, redirect_uris}]',
  );
  process.exit(1);
}

const clients = openIdClients();
const openIdCallback = clients
  ? createOpenIdProvider({
      issuer: `http://${HOST}:${httpPort}${OPENID_MOUNT}`,
      clients,
    }).callback()
  : undefined;

/** The bot the Telegram stand-in signs for; unset, its pages answer 503. */
const telegramBotToken = process.env.TELEGRAM_BOT_TOKEN || undefined;

async function handle(request, response) {
  const url = request.url ?? '';
  if (url.length > MAX_URL_LENGTH) return reply(response, 414, {}, 'URI too long');
  if (request.headers.host === undefined && request.httpVersion !== '1.0') {
    return reply(response, 400, {}, 'no host');
  }
  // Only the origin form (`/path?query`): not `*`, not an absolute URL.
  if (!url.startsWith('/')) return reply(response, 400, {}, 'bad request');
  const queryAt = url.indexOf('?');
  const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = parseQuery(queryAt === -1 ? '' : url.slice(queryAt + 1));
  if (query === undefined || !decodes(rawPath)) return reply(response, 400, {}, 'bad request');
  if (rawPath.startsWith(`${OPENID_MOUNT}/`)) {
    if (!openIdCallback)
      return reply(response, 503, {}, 'no OpenID clients are set (OPENID_CLIENTS)');
    // The provider works out its mount from what is cut off the URL (as a router mounting it does).
    request.originalUrl = url;
    request.url = url.slice(OPENID_MOUNT.length);
    return openIdCallback(request, response);
  }
  if (!Object.hasOwn(ROUTES, rawPath)) return reply(response, 404, {}, 'not found');
  const methods = ROUTES[rawPath];
  if (!methods.includes(request.method)) {
    return reply(response, 405, { allow: methods.join(', ') }, 'method not allowed');
  }
  switch (rawPath) {
    case '/healthz':
      return replyJson(response, 200, { status: 'ok' });
    case '/':
      return reply(
        response,
        200,
        {
          'content-type': 'text/html; charset=utf-8',
          // What arrives by mail is the sender's text: even were it to slip through unescaped, no
          // script of it would run.
          'content-security-policy':
            "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        },
        inboxPage(),
      );
    case '/telegram/auth':
    case '/telegram/app': {
      const page = telegramLoginPage(
        query,
        telegramBotToken,
        rawPath === '/telegram/app' ? TelegramAction.openApp : TelegramAction.confirm,
      );
      if (page.html === undefined) return reply(response, page.status, {}, page.text);
      return reply(
        response,
        200,
        { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': page.csp },
        page.html,
      );
    }
    case '/telegram/confirm': {
      const next = telegramConfirm(query, telegramBotToken);
      if (next.location === undefined) return reply(response, next.status, {}, next.text);
      return reply(response, 303, { location: next.location }, 'see other');
    }
    case '/telegram/app/open': {
      const next = telegramMiniAppLaunch(query, telegramBotToken);
      if (next.location === undefined) return reply(response, next.status, {}, next.text);
      return reply(response, 303, { location: next.location }, 'see other');
    }
    case '/api/messages': {
      if (request.method === 'DELETE') {
        messages.length = 0;
        response.writeHead(204, { ...NOSNIFF, 'cache-control': 'no-store' });
        return response.end();
      }
      const to = query.get('to')?.toLowerCase();
      return replyJson(
        response,
        200,
        to === undefined ? messages : messages.filter((message) => message.to.toLowerCase() === to),
      );
    }
    default:
      return postSms(request, response);
  }
}

// Node would answer a request without a Host header itself, without the nosniff header.
const server = createServer({ requireHostHeader: false }, (request, response) => {
  handle(request, response).catch((error) => {
    if (response.headersSent) {
      response.destroy();
      return;
    }
    // A body cut off by the client (an aborted request) is no fault of the catcher.
    if (request.errored || request.destroyed) {
      response.destroy();
      return;
    }
    console.error(error);
    reply(response, 500, {}, 'internal error');
  });
});

// What the HTTP parser refuses gets its status with the nosniff header every reply carries; a
// method the parser does not know (BREW) is one no path answers (405).
server.on('clientError', answerParserErrors({ headers: NOSNIFF }));
// CONNECT goes to this event, not to the request handler: without it Node drops the connection.
server.on('connect', (_request, socket) => refuseOnSocket(socket, 405, NOSNIFF));
// An `Expect` other than 100-continue: Node answers 417 itself, without the header.
server.on('checkExpectation', (_request, response) => {
  reply(response, 417, {}, 'expectation failed');
});
server.on('error', (error) => {
  console.error(`mail-catcher: HTTP could not listen on ${HOST}:${httpPort}: ${error.message}`);
  process.exit(1);
});

// SMTP first: once /healthz answers, mail can be sent too.
smtp.listen(smtpPort, HOST, () => {
  smtpListening = true;
  server.listen(httpPort, HOST, () =>
    console.log(
      `mail-catcher: SMTP on ${HOST}:${smtpPort}, inbox and SMS webhook on http://${HOST}:${httpPort}`,
    ),
  );
});

// The messages live in memory only: there is nothing to flush, so a stop is immediate.
const stop = () => process.exit(0);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
