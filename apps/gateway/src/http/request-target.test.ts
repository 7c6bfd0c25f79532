import { describe, expect, it } from 'vitest';
import { queryDecodes } from './request-target';

describe('queryDecodes', () => {
  it('takes well-formed queries, plus signs and empty parts included', () => {
    for (const query of ['', 'a=1', 'a=1&b=%E2%9C%93', 'a+b=c+d', '&&', 'a', 'a=&=b'])
      expect([query, queryDecodes(query)]).toEqual([query, true]);
  });

  it('refuses a lone percent, a bad hex pair and escapes of no UTF-8', () => {
    for (const query of ['%', 'a=%', 'a=%zz', 'a=%E0%A4%A', 'x=1&%C0%AF=1', 'a=%ED%A0%80'])
      expect([query, queryDecodes(query)]).toEqual([query, false]);
  });
});
