import { callEndpoint } from '@exchange-web/client/query/call-endpoint';
import { Endpoints } from '@exchange-web/protocol/endpoints';
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
      const reply = await callEndpoint(await api(), Endpoints.coinIcons, {}, { quiet: true });
      if (live) setIcons(new Map(reply.icons.map((icon) => [icon.coin, icon.url])));
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, images]);
  return icons;
}
