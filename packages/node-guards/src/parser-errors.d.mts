import type { Duplex } from 'node:stream';

/** The status a parser refusal stands for (400 unless it is one of the known kinds). */
export declare function parserErrorStatus(error: { code?: string } | undefined): number;

/** Writes a bare reply with `headers` on a socket the server has let go of, then ends it. */
export declare function refuseOnSocket(
  socket: Duplex,
  status: number,
  headers?: Readonly<Record<string, string>>,
): void;

/** A `clientError` listener answering what the parser refused with its status and `headers`. */
export declare function answerParserErrors(options?: {
  headers?: Readonly<Record<string, string>>;
  allow?: string;
}): (error: Error & { code?: string }, socket: Duplex) => void;
