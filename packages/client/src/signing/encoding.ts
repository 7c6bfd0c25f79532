// Byte encodings of the wire formats (base64 of keys, signatures and ciphertext; UTF-8 text).
// btoa and atob exist in every browser and in Node 16+, and are only called, never read at load.

/** Standard base64 (with padding) of some bytes. */
export function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  // In chunks: String.fromCharCode takes its arguments on the stack.
  for (let start = 0; start < view.length; start += 0x8000)
    binary += String.fromCharCode(...view.subarray(start, start + 0x8000));
  return btoa(binary);
}

/** The bytes of a standard base64 text; throws on anything else. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** The UTF-8 bytes of a text. */
export const utf8 = (text: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(text);

/** The DER bytes inside a PEM block (`-----BEGIN ...-----`), or throws when there is none. */
export function pemBody(pem: string): Uint8Array<ArrayBuffer> {
  const match = /-----BEGIN [A-Z0-9 ]+-----([A-Za-z0-9+/=\s]+)-----END [A-Z0-9 ]+-----/.exec(pem);
  if (!match?.[1]) throw new Error('not a PEM block');
  return fromBase64(match[1].replace(/\s+/g, ''));
}
