import type { LoadImage } from './probe';

/**
 * Loads an image with the page's `Image`, settling on its load or error event.
 * NOTE: reaches for the `Image` global only when called (browser-globals.ts's rule), so SSR may
 * import it; off the browser every load rejects.
 */
export function browserImageLoader(): LoadImage {
  return (url) =>
    new Promise<void>((resolve, reject) => {
      if (typeof Image === 'undefined') {
        reject(new Error('no Image here: images load in a page only'));
        return;
      }
      const image = new Image();
      image.onload = () => resolve();
      image.onerror = () => reject(new Error(`image failed to load: ${url}`));
      image.src = url;
    });
}
