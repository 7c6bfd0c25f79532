import { useState, type ImgHTMLAttributes, type SyntheticEvent } from 'react';
import { useImageDomains, useImageSrc } from './ImageDomainsProvider';

export interface ImgProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'> {
  /** The image as content names it: a `/images/...` path or a URL on the site origin. */
  src: string;
  /** Required: '' for a decorative image, else what it shows (e.g. the coin name). */
  alt: string;
}

interface Failure {
  /** The `src` this failure belongs to: a new `src` starts afresh. */
  src: string;
  /** Where the image is tried again; null once there is nowhere left (the placeholder shows). */
  retry: string | null;
}

/**
 * An `<img>` whose source on the default host is moved to the chosen image domain (SPEC 4). When
 * it fails to load, it is tried once on the next working domain (the default host last); when that
 * fails too, a neutral placeholder carrying the alt text takes its place. Never a second retry, so
 * a dead host cannot make it loop.
 * @example <Img src="/images/coins/btc.svg" alt="BTC" width={20} height={20} />
 */
export function Img({ src, alt, onError, ...attributes }: ImgProps) {
  const domains = useImageDomains();
  const rewritten = useImageSrc(src);
  const [failure, setFailure] = useState<Failure | null>(null);
  const current = failure?.src === src ? failure : null;

  if (current?.retry === null) {
    const { className, style, width, height, title } = attributes;
    return (
      <span
        {...(alt === '' ? { 'aria-hidden': true } : { role: 'img', 'aria-label': alt })}
        className={className}
        title={title}
        data-image-broken=""
        style={{ display: 'inline-block', width, height, ...style }}
      />
    );
  }

  const shown = current?.retry ?? rewritten;
  const fail = (event: SyntheticEvent<HTMLImageElement>) => {
    onError?.(event);
    // The retry failed too: the placeholder, never a third place.
    if (current) return setFailure({ src, retry: null });
    const next = domains?.fallback(src, event.currentTarget.src);
    setFailure({ src, retry: next !== undefined && next !== shown ? next : null });
  };
  return <img {...attributes} src={shown} alt={alt} onError={fail} />;
}
