import { ERROR_NOTICE_HOOK } from '@exchange-web/client/request/hook-names';
import { ImagePath } from '@exchange-web/protocol/images';
import { useShell } from '@exchange-web/react/shell/ShellProvider';
import { useEffect, useState } from 'react';

/** Each coin's icon URL by coin name; empty until the coin icons call answered. */
export type CoinIcons = ReadonlyMap<string, string>;

const NO_ICONS: CoinIcons = new Map();

/**
 * The coin icons (our coin icons call), loaded after the first paint through the page's request
 * client once the image domain is chosen (or its choice failed), so each icon loads once, from
 * where it will stay: with the replace-image-domain option the reply already points there.
 * Icons are decoration: a failure leaves the coins without them, with no toast.
 */
export function useCoinIcons(): CoinIcons {
  const { api, images } = useShell();
  const [icons, setIcons] = useState<CoinIcons>(NO_ICONS);
  useEffect(() => {
    let live = true;
    void (async () => {
      await images?.start().catch(() => undefined);
      const [http, { coinIconsReplySchema }] = await Promise.all([
        api(),
        import('@exchange-web/protocol/schemas'),
      ]);
      const reply = coinIconsReplySchema.parse(
        await http.get(ImagePath.coinIcons, undefined, { skipHooks: [ERROR_NOTICE_HOOK] }),
      );
      if (live) setIcons(new Map(reply.icons.map((icon) => [icon.coin, icon.url])));
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, images]);
  return icons;
}
