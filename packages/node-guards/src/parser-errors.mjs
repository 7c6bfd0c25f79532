// What every Node server of the stack (the site's front door, the header-footer server, the mail
// catcher) answers to a request its HTTP parser refuses: plain JavaScript, so the servers that run
// as .mjs without a build can import it as they are.
import { STATUS_CODES } from 'node:http';

/** The status of each parser refusal that is not a plain 400 (a malformed line or header). */
const PARSER_ERROR_STATUS = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  HPE_INVALID_METHOD: 405,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/** The status a parser refusal stands for (400 unless it is one of the known kinds). */
export const parserErrorStatus = (error) => PARSER_ERROR_STATUS[error?.code] ?? 400;

/**
 * Writes a bare reply with `headers` on a socket the HTTP server has let go of, then ends the
 * connection: after a refusal its framing can no longer be trusted.
 */
export function refuseOnSocket(socket, status, headers = {}) {
  if (socket.writable && !socket._httpMessage?.headersSent) {
    const lines = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${lines}` +
        'content-length: 0\r\nconnection: close\r\n\r\n',
    );
  }
  socket.destroy();
}

/**
 * A `clientError` listener: answers what the parser refused (a malformed request line or header,
 * CR/LF in a value, an unknown method, an oversized header block, a timeout) with its status and
 * `headers` (at least nosniff), instead of Node's bare reply. `allow` goes on a 405.
 */
export function answerParserErrors({ headers = {}, allow } = {}) {
  return (error, socket) => {
    const status = parserErrorStatus(error);
    refuseOnSocket(socket, status, status === 405 && allow ? { ...headers, allow } : headers);
  };
}
