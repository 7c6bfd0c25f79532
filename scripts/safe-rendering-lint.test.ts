import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// README "Security": the lint rule that keeps untrusted links and HTML to SafeLink and SafeHtml,
// run through the project's own ESLint configuration on a page of the site.
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });
const PAGE = 'apps/web/components/SafeRenderingExample.tsx';

async function refusals(code: string, filePath = PAGE): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-syntax')
    .map((message) => message.message);
}

describe('the safe-rendering lint rule', () => {
  it('refuses an anchor whose href is a variable or a property, and raw HTML', async () => {
    const found = await refusals(`
      export function Example({ url, item, html }: { url: string; item: { href: string }; html: string }) {
        return (
          <>
            <a href={url}>a</a>
            <a href={item.href}>b</a>
            <area href={item?.href} />
            <div dangerouslySetInnerHTML={{ __html: html }} />
          </>
        );
      }
    `);
    expect(found).toHaveLength(4);
    expect(found.filter((message) => message.includes('SafeLink'))).toHaveLength(3);
    expect(found.filter((message) => message.includes('SafeHtml'))).toHaveLength(1);
  });

  it('lets through literal links, paths the site builds, and the safe components', async () => {
    const found = await refusals(`
      import { SafeLink } from '@exchange-web/react/security/SafeLink';
      import { SafeHtml } from '@exchange-web/react/security/SafeHtml';
      export function Example({ url, html, buildPath }: { url: string; html: string; buildPath(path: string): string }) {
        return (
          <>
            <a href="#main">skip</a>
            <a href={buildPath('/login')}>log in</a>
            <a href={\`\${buildPath('/login')}?redirect=x\`}>log in</a>
            <SafeLink href={url}>data</SafeLink>
            <SafeHtml html={html} />
          </>
        );
      }
    `);
    expect(found).toEqual([]);
  });
});
