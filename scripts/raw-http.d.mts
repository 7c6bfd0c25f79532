import type { Buffer } from 'node:buffer';
import type { IncomingHttpHeaders } from 'node:http';

/** What a server sent back on a raw connection ({@link sendRaw}). */
export interface RawReply {
  /** 0 when the server closed the connection without answering. */
  status: number;
  /** The status line and the header lines (latin1), without the blank line that ends them. */
  head: string;
  /** The header values by lower-cased name, in the order sent. */
  headers: Map<string, string[]>;
  /** The body, de-chunked when it came chunked, as UTF-8. */
  body: string;
}

export interface RequestHeadOptions {
  /** @default 'GET' */
  method?: string;
  /** The Host header's value; none is sent without it. */
  host?: string | undefined;
  /** Further header lines as written, each ending in `\r\n`. @default '' */
  headerLines?: string;
}

/**
 * A request head ending in `Connection: close`: the request line, the Host header when `host` is
 * given, then `headerLines` as written.
 */
export declare function requestHead(target: string, options?: RequestHeadOptions): string;

/**
 * Sends `text` exactly as written (a string as latin1) on a fresh connection and reads until the
 * server closes it; a reset counts as the close. Rejects only on a timeout (@default 5000 ms).
 */
export declare function sendRaw(
  origin: string,
  text: string | Buffer,
  options?: { timeoutMs?: number },
): Promise<RawReply>;

/** What {@link requestBytes} answers: the status, the headers as node:http reads them, the body. */
export interface BytesReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A request through node:http with the path sent exactly as written (fetch would resolve `..`
 * and `%2e%2e` itself) and the body kept as bytes (nothing decoded or decompressed).
 */
export declare function requestBytes(
  origin: string,
  rawPath: string,
  options?: { method?: string; headers?: Record<string, string> },
): Promise<BytesReply>;
