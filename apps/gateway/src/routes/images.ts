import { IMAGE_PATH_PREFIX, ImagePath } from '@exchange-web/protocol/images';
import { ApiPath } from '@exchange-web/protocol/paths';
import type { CoinIconsReply, DomainConfigReply } from '@exchange-web/protocol/schemas';
import type { ImagesConfig } from '../config';
import { ok } from '../http/envelope-response';
import type { Routes } from '../http/routes';
import { createImageHandler, listCoinIcons } from '../images/files';

/**
 * The images under `/images/*`, the domain config that lists the image domains (SPEC 3, 7) and
 * the coin icons (README "Image domains").
 */
export function registerImageRoutes(routes: Routes, config: ImagesConfig) {
  routes.app.get(`${IMAGE_PATH_PREFIX}*`, createImageHandler(config.imageDir));

  routes.get(ApiPath.domainConfigList, (c) => {
    const reply: DomainConfigReply = {
      imgDomainConfig: {
        foreignDomainList: [...config.imageForeignDomains],
        internalDomainList: [...config.imageInternalDomains],
      },
    };
    return ok(c, reply);
  });

  routes.get(ImagePath.coinIcons, async (c) => {
    const reply: CoinIconsReply = { icons: await listCoinIcons(config.imageDir) };
    return ok(c, reply);
  });
}
