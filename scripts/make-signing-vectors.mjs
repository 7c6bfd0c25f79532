// Writes packages/protocol/vectors/signing.json: the shared test vectors of request signing and
// login encryption that the client and the gateway tests both run (DESIGN "Wire formats").
// WARNING: every key in the output is a TEST key, published here on purpose; never use one.
// Run once when the wire format changes: `node scripts/make-signing-vectors.mjs`. The keys of an
// existing file are kept (only the vectors are made again), so a format change does not churn
// them; delete the file to make new keys.
import {
  createCipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  publicEncrypt,
  sign,
  constants,
} from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const output = new URL('../packages/protocol/vectors/signing.json', import.meta.url);
const previousKeys = existsSync(output) ? JSON.parse(readFileSync(output, 'utf8')).keys : {};

// The sign data of packages/protocol/src/signing.ts, written out again on purpose: the vectors
// must not be made by the code they test. A request with `paptrading` starts with its line.
const joiner = '\n';
const signData = (mode, { path, tm, uhti, body, paptrading }) =>
  [
    ...(paptrading ? [`paptrading:${paptrading}`] : []),
    path,
    tm.slice(0, 8),
    ...(mode >= 1 ? [uhti] : []),
    ...(mode >= 2 ? [body] : []),
  ].join(joiner);

const pair = (bits, previous) => {
  if (previous) {
    const privateKey = createPrivateKey(previous.privateKeyPem);
    return {
      publicKey: previous.publicKey,
      privateKeyPem: previous.privateKeyPem,
      key: privateKey,
      pub: createPublicKey(privateKey),
    };
  }
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: bits,
    publicExponent: 65537,
  });
  return {
    publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }),
    key: privateKey,
    pub: publicKey,
  };
};
const rsaSign = (key, text) => sign('sha256', Buffer.from(text, 'utf8'), key).toString('base64');
const md5 = (text) => createHash('md5').update(text, 'utf8').digest('hex');

const client = {
  rsa1024: pair(1024, previousKeys.clientRsa1024),
  rsa2048: pair(2048, previousKeys.clientRsa2048),
};
const server = pair(2048, previousKeys.server);

const request = {
  path: '/v1/asset/overview?coin=BTC',
  tm: '1795381532650',
  uhti: 'w3f9a1c07b2e1795381532650',
  body: '{"coin":"BTC","amount":"0.5","note":"ü €"}',
};
const signing = [];
for (const algorithm of ['rsa1024', 'rsa2048']) {
  for (const mode of [0, 1, 2]) {
    const data = signData(mode, request);
    signing.push({
      algorithm,
      mode,
      parts: request,
      signData: data,
      md5: md5(data),
      signature: rsaSign(client[algorithm].key, data),
    });
  }
}
// A simulation request (SPEC 4): the same request with `paptrading: 1`, in the lowest and the
// highest mode.
for (const mode of [0, 2]) {
  const parts = { ...request, paptrading: '1' };
  const data = signData(mode, parts);
  signing.push({
    algorithm: 'rsa1024',
    mode,
    parts,
    signData: data,
    md5: md5(data),
    signature: rsaSign(client.rsa1024.key, data),
  });
}

// The login fields, and the freshness fields the client adds after them (bodyTime: the
// request's tm; bodyNonce: 16 random bytes as hex, fixed here).
const fields = { loginName: 'trader@example.com', pwd: 'Secret-Pass-2026' };
const freshness = { bodyTime: Number(request.tm), bodyNonce: '0f1e2d3c4b5a69788796a5b4c3d2e1f0' };
const aesKey = Buffer.from(
  '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
  'hex',
);
const iv = Buffer.from('f0e0d0c0b0a090807060504030201000', 'hex');
const plaintext = JSON.stringify({ ...fields, ...freshness });
const cipher = createCipheriv('aes-256-cbc', aesKey, iv);
const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]).toString(
  'base64',
);
const wrappedKey = publicEncrypt(
  { key: server.pub, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
  Buffer.concat([aesKey, iv]),
).toString('base64');
const bodyCiphertext = `${wrappedKey}.${ciphertext}`;

const vectors = {
  warning: 'TEST KEYS ONLY: published on purpose for the shared tests; never use them.',
  keys: {
    clientRsa1024: {
      publicKey: client.rsa1024.publicKey,
      privateKeyPem: client.rsa1024.privateKeyPem,
    },
    clientRsa2048: {
      publicKey: client.rsa2048.publicKey,
      privateKeyPem: client.rsa2048.privateKeyPem,
    },
    server: { publicKey: server.publicKey, privateKeyPem: server.privateKeyPem },
  },
  signing,
  loginEncryption: {
    path: '/v1/user/login',
    fields,
    freshness,
    plaintext,
    aesKeyHex: aesKey.toString('hex'),
    ivHex: iv.toString('hex'),
    ciphertext,
    bodyCiphertext,
    algorithm: 'rsa1024',
    publicKey: client.rsa1024.publicKey,
    initSign: rsaSign(client.rsa1024.key, bodyCiphertext),
  },
};
writeFileSync(output, JSON.stringify(vectors, null, 2) + '\n');
console.log('wrote packages/protocol/vectors/signing.json');
