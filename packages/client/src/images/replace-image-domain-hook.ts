import { isSuccessCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import type { RequestHook } from '../request/hooks';
import type { ImageDomainSource } from './image-domains';
import { rewriteImageUrlsDeep } from './image-url';

/**
 * The replace-image-domain option (SPEC 4): image URLs on the default host inside the JSON string
 * values of a successful reply's `data`, however deep in arrays and objects, are moved to the chosen
 * domain. The domain-config reply is exempt (SPEC 4, 7): it names the domains themselves.
 */
export function replaceImageDomainHook(source: ImageDomainSource): RequestHook {
  return {
    slot: 'replace-image-domain',
    afterResponse({ request, status, body, envelope }) {
      if (request.path === ApiPath.domainConfigList) return;
      if (status < 200 || status >= 300 || !envelope || !isSuccessCode(envelope.code)) return;
      const data = rewriteImageUrlsDeep(envelope.data, {
        siteOrigin: source.siteOrigin,
        domain: source.current(),
      });
      if (data === envelope.data) return;
      return { action: 'replaceBody', body: { ...(body as object), data } };
    },
  };
}
