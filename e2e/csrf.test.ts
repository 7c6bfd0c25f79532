// Cross-site request forgery in real Chromium (issue 16): a signed-in victim visits an attacker's
// page that posts forms and no-cors fetches to the site. Every forged call is refused (40302), the
// victim stays signed in as themselves, nothing is created, and the site's own calls still work.
import { GatewayCode, SUCCESS_CODES } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newVisitor, registerByEmail, uniqueEmail } from './support/accounts';
import { launchIsolatedBrowser } from './support/browser';

const siteUrl = inject('siteUrl');
/** The code the gateway answers success with. */
const SUCCESS_CODE = SUCCESS_CODES[0];
const VICTIM_PASSWORD = 'Victim-Trader-2026';
// A password with `=`: a text/plain form writes `name=value`, so a forged JSON body can carry a
// real password only by splitting it there. The attacker's account exists, so before the guard
// the forged login would have signed the victim's browser in as the attacker.
const ATTACKER_PASSWORD = 'Attacker=2026x';
const [ATTACKER_PASSWORD_HEAD, ATTACKER_PASSWORD_TAIL] = ATTACKER_PASSWORD.split('=') as [
  string,
  string,
];

/** What one attacker page does once loaded. */
type Attack =
  | {
      kind: 'form';
      action: string;
      enctype: string;
      fields: Array<[name: string, value: string]>;
    }
  | {
      kind: 'fetch';
      requests: Array<{ url: string; contentType?: string; body: string }>;
    };

/** The attacker's page: it carries out its attack without the visitor doing anything. */
function attackerHtml(attack: Attack): string {
  // The attack as JSON inside a script: `<` escaped so no value can close the script element.
  const data = JSON.stringify(attack).replace(/</g, '\\u003c');
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>loading</title></head>
<body><p>You won a prize!</p>
<script>
const attack = ${data};
if (attack.kind === 'form') {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = attack.action;
  form.enctype = attack.enctype;
  for (const [name, value] of attack.fields) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  // After the load event, so the test's navigation to this page has completed first.
  addEventListener('load', () => setTimeout(() => form.submit(), 0));
} else {
  Promise.all(
    attack.requests.map((request) =>
      fetch(request.url, {
        method: 'POST',
        mode: 'no-cors',
        credentials: 'include',
        headers: request.contentType ? { 'content-type': request.contentType } : {},
        body: request.body,
      }),
    ),
  ).then(
    () => { document.title = 'sent'; },
    (error) => { document.title = 'failed: ' + error; },
  );
}
</script></body></html>`;
}

let browser: Browser;
let attackerServer: Server;
let attackerPort: number;
/** Attacks by path on the attacker's server. */
const attacks = new Map<string, Attack>();

beforeAll(async () => {
  browser = await launchIsolatedBrowser();
  attackerServer = createServer((request, response) => {
    const attack = attacks.get(new URL(request.url ?? '/', 'http://attacker').pathname);
    if (!attack) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    });
    response.end(attackerHtml(attack));
  });
  await new Promise<void>((resolve) => attackerServer.listen(0, '127.0.0.1', resolve));
  attackerPort = (attackerServer.address() as AddressInfo).port;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => attackerServer?.close(resolve));
});

/** A call from the victim's own page on the site: same origin, JSON, as the site's client does. */
async function ownCall(page: Page, path: string, body: unknown) {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return {
        status: response.status,
        envelope: (await response.json()) as { code: string; data: unknown; msg: string },
      };
    },
    { path, body },
  );
}

/** The JSON reply a form navigation landed on, as the page shows it. */
async function landedReply(page: Page): Promise<{ code: string; data: unknown; msg: string }> {
  const text = await page.evaluate(
    () => document.querySelector('pre')?.textContent ?? document.body.innerText,
  );
  return JSON.parse(text) as { code: string; data: unknown; msg: string };
}

/** Sends the victim's page to an attacker page that posts a form, and returns where it landed. */
async function formAttack(page: Page, attackerOrigin: string, name: string, attack: Attack) {
  if (attack.kind !== 'form') throw new Error('not a form attack');
  attacks.set(`/${name}`, attack);
  await page.goto(`${attackerOrigin}/${name}`, { waitUntil: 'commit' });
  await page.waitForURL(attack.action, { waitUntil: 'load' });
  return landedReply(page);
}

describe('cross-site request forgery against a signed-in visitor', () => {
  it('refuses forged forms and no-cors fetches from other origins, and the site’s own calls work', async () => {
    // The attacker's own account, registered as anyone would.
    const attackerEmail = uniqueEmail('csrf-attacker');
    const attacker = await newVisitor(browser, siteUrl);
    await registerByEmail(attacker.page, siteUrl, attackerEmail, ATTACKER_PASSWORD);
    await attacker.context.close();

    // The victim signs in for real (registration signs in), then browses elsewhere.
    const victimEmail = uniqueEmail('csrf-victim');
    const { context, page } = await newVisitor(browser, siteUrl);
    await registerByEmail(page, siteUrl, victimEmail, VICTIM_PASSWORD);

    const login = `${siteUrl}${ApiPath.login}`;
    const create = `${siteUrl}${ApiPath.subAccountCreate}`;
    // A JSON body out of a text/plain form: `{"loginName":...,"pwd":"Attacker` `=` `2026x"}`.
    const forgedLoginField: [string, string] = [
      `{"loginName":"${attackerEmail}","pwd":"${ATTACKER_PASSWORD_HEAD}`,
      `${ATTACKER_PASSWORD_TAIL}"}`,
    ];
    const forms: Array<[name: string, attack: Attack]> = [
      [
        'login-text-plain',
        { kind: 'form', action: login, enctype: 'text/plain', fields: [forgedLoginField] },
      ],
      [
        'login-urlencoded',
        {
          kind: 'form',
          action: login,
          enctype: 'application/x-www-form-urlencoded',
          fields: [
            ['loginName', attackerEmail],
            ['pwd', ATTACKER_PASSWORD],
          ],
        },
      ],
      [
        'create-text-plain',
        {
          kind: 'form',
          action: create,
          enctype: 'text/plain',
          fields: [['{"userName":"csrf_text","pad":"', '"}']],
        },
      ],
      [
        'create-urlencoded',
        {
          kind: 'form',
          action: create,
          enctype: 'application/x-www-form-urlencoded',
          fields: [['userName', 'csrf_url']],
        },
      ],
      [
        'create-multipart',
        {
          kind: 'form',
          action: create,
          enctype: 'multipart/form-data',
          fields: [['userName', 'csrf_multi']],
        },
      ],
    ];
    const fetches: Attack = {
      kind: 'fetch',
      requests: [
        { url: create, contentType: 'text/plain', body: JSON.stringify({ userName: 'csrf' }) },
        // No content type given: the browser labels a string body text/plain.
        { url: create, body: JSON.stringify({ userName: 'csrf_bare' }) },
        {
          url: login,
          contentType: 'text/plain',
          body: JSON.stringify({ loginName: attackerEmail, pwd: ATTACKER_PASSWORD }),
        },
      ],
    };
    attacks.set('/fetches', fetches);

    // Another port of the same host (same site: the victim's SameSite=Lax cookies go along), and
    // another host (cross-site).
    const attackerOrigins = [
      `http://127.0.0.1:${attackerPort}`,
      `http://localhost:${attackerPort}`,
    ];
    expect(attackerOrigins).not.toContain(new URL(siteUrl).origin);
    for (const attackerOrigin of attackerOrigins) {
      for (const [name, attack] of forms) {
        const reply = await formAttack(page, attackerOrigin, name, attack);
        expect(reply, `${attackerOrigin}/${name}`).toMatchObject({
          code: GatewayCode.crossSiteRefused,
          data: null,
        });
      }
      await page.goto(`${attackerOrigin}/fetches`);
      // Each no-cors fetch resolves (opaquely) once the site has answered it.
      await page.waitForFunction(() => document.title !== 'loading');
      expect(await page.title(), attackerOrigin).toBe('sent');
    }

    // Back on the site: still the victim, with no sub-account the attacker named.
    await page.goto(`${siteUrl}/account`);
    const me = await ownCall(page, ApiPath.userInfo, { locale: 'en' });
    expect(me.envelope.code).toBe(SUCCESS_CODE);
    expect(me.envelope.data).toMatchObject({ loginName: victimEmail });
    const before = await ownCall(page, ApiPath.subAccountList, {});
    expect(before.status).toBe(200);
    expect(before.envelope.code).toBe(SUCCESS_CODE);
    expect((before.envelope.data as { items: unknown[] }).items).toEqual([]);

    // The same calls from the site's own page are served: the guard stops only forgeries.
    const created = await ownCall(page, ApiPath.subAccountCreate, { userName: 'own_desk' });
    expect(created.envelope).toMatchObject({
      code: SUCCESS_CODE,
      data: { userName: 'own_desk' },
    });
    const after = await ownCall(page, ApiPath.subAccountList, {});
    expect(after.envelope.code).toBe(SUCCESS_CODE);
    expect(
      (after.envelope.data as { items: Array<{ userName: string }> }).items.map(
        (item) => item.userName,
      ),
    ).toEqual(['own_desk']);

    await context.close();
  });
});
