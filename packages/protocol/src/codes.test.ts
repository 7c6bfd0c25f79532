import { describe, expect, it } from 'vitest';
import {
  AccountCode,
  CAPTCHA_STATUS_NEEDED,
  CAPTCHA_STATUS_NOT_NEEDED,
  CHALLENGE_GROUP,
  CHALLENGE_TYPE,
  ChallengeCode,
  ErrorCode,
  FailureEvent,
  GatewayCode,
  HttpStatus,
  SESSION_EXPIRY_CODES,
  SIGN_CONFIG_REFETCH_CODES,
  SIGN_ERROR_CODES,
  SUCCESS_CODES,
  WRONG_API_NAME_MESSAGE,
  errorMeaning,
  isSuccessCode,
} from './codes';

describe('success codes', () => {
  it('are 00000 and 200 (SPEC.md section 8)', () => {
    expect(SUCCESS_CODES).toEqual(['00000', '200']);
  });

  it.each([
    ['00000', true],
    ['200', true],
    [200, true],
    ['0', false],
    [0, false],
    ['0000', false],
    ['000000', false],
    [' 200', false],
    ['10021', false],
    [null, false],
    [undefined, false],
    [{}, false],
  ])('isSuccessCode(%j) is %j', (code, expected) => {
    expect(isSuccessCode(code)).toBe(expected);
  });
});

describe('error catalogue', () => {
  it('names every code of SPEC.md sections 4 and 8', () => {
    expect(ErrorCode).toEqual({
      signMissing: '00020',
      signModeNotMatched: '00021',
      signExpired: '00022',
      signInvalid: '00023',
      challengeRequired: '10021',
      sessionExpired: '00004',
      sessionReplaced: '20906',
      accountFrozen: '20205',
      challengeDismissed: '90000001',
    });
  });

  it('groups the session-expiry and sign codes', () => {
    expect(SESSION_EXPIRY_CODES).toEqual(['00004', '20906', '20205']);
    expect(SIGN_ERROR_CODES).toEqual(['00020', '00021', '00022', '00023']);
    expect(SIGN_CONFIG_REFETCH_CODES).toEqual(['00020', '00021']);
  });

  it('has the challenge group, type and no-challenge status', () => {
    expect(CHALLENGE_GROUP).toBe('gateway');
    expect(CHALLENGE_TYPE).toBe(3);
    expect(CAPTCHA_STATUS_NOT_NEEDED).toBe(0);
    expect(CAPTCHA_STATUS_NEEDED).toBe(1);
  });

  it('has the captcha check refusals, distinct from every other code', () => {
    expect(ChallengeCode).toEqual({
      solutionMalformed: '22001',
      solutionInvalid: '22002',
      challengeExpired: '22003',
      solutionReplayed: '22004',
      challengeUnknown: '22005',
      challengeMismatch: '22006',
    });
    const others = [
      ...SUCCESS_CODES,
      ...Object.values(ErrorCode),
      ...Object.values(GatewayCode),
      ...Object.values(AccountCode),
    ];
    for (const code of Object.values(ChallengeCode)) expect(others).not.toContain(code);
  });

  it('has the gateway codes for bad input', () => {
    expect(GatewayCode).toEqual({
      badRequest: '40000',
      validationFailed: '40001',
      unauthorized: '40100',
      forbidden: '40300',
      trackingUploadOff: '40301',
      crossSiteRefused: '40302',
      notFound: '40400',
      methodNotAllowed: '40500',
      lengthRequired: '41100',
      payloadTooLarge: '41300',
      targetTooLong: '41400',
      rateLimited: '42900',
      internalError: '50000',
      upstreamUnavailable: '50200',
      deliveryFailed: '50201',
      channelUnavailable: '50300',
    });
  });

  it('keeps every code distinct', () => {
    const all = [
      ...SUCCESS_CODES,
      ...Object.values(ErrorCode),
      ...Object.values(GatewayCode),
      ...Object.values(AccountCode),
    ];
    expect(new Set(all).size).toBe(all.length);
  });

  it('has the special HTTP statuses, failure events and the empty-path message', () => {
    expect(HttpStatus).toEqual({ forbidden: 403, tooManyRequests: 429 });
    expect(FailureEvent).toEqual({
      loginEncryptFailed: 'loginEncryptFailed',
      genKeypairFailed: 'genKeypairFailed',
      signInvalid: 'signInvalid',
      gwSignError: 'gwSignError',
    });
    expect(WRONG_API_NAME_MESSAGE).toBe('wrong api name!');
  });

  it('has the account codes, API-key and login-encryption refusals included', () => {
    expect(AccountCode).toEqual({
      loginNameTaken: '21001',
      weakPassword: '21002',
      wrongCredentials: '21003',
      tooManyAttempts: '21004',
      notMainAccount: '21005',
      subAccountNotFound: '21006',
      passwordsDiffer: '21007',
      notSubAccountSession: '21008',
      apiKeyLimitReached: '21009',
      apiKeyNotFound: '21010',
      loginEncryptionRequired: '21011',
      loginCiphertextInvalid: '21012',
      loginServerKeyOutdated: '21013',
      loginCiphertextStale: '21014',
      loginCiphertextReplayed: '21015',
      subAccountLimitReached: '21016',
      verifyCodeInvalid: '21017',
      verifyCodeTooSoon: '21018',
      authenticatorCodeInvalid: '21019',
      loginTicketInvalid: '21020',
      authenticatorBound: '21021',
      authenticatorNotBound: '21022',
      authenticatorSetupMissing: '21023',
      deviceNotFound: '21024',
      securityLocked: '21025',
      qrKeyInvalid: '21026',
      qrKeyTaken: '21027',
      passkeyInvalid: '21028',
      passkeyNotFound: '21029',
      passkeyLimitReached: '21030',
      thirdPartyProofInvalid: '21031',
      thirdPartyNotBound: '21032',
      thirdPartyBound: '21033',
      lastWayIn: '21034',
      thirdPartyUnavailable: '21035',
    });
  });

  it('keeps every account code distinct from every other code', () => {
    const others = [...SUCCESS_CODES, ...Object.values(ErrorCode), ...Object.values(GatewayCode)];
    for (const code of Object.values(AccountCode)) expect(others).not.toContain(code);
    expect(new Set(Object.values(AccountCode)).size).toBe(Object.values(AccountCode).length);
  });

  it('gives an English meaning to every code and to nothing else', () => {
    const all = [
      ...SUCCESS_CODES,
      ...Object.values(ErrorCode),
      ...Object.values(GatewayCode),
      ...Object.values(AccountCode),
      ...Object.values(ChallengeCode),
    ];
    expect(Object.keys(errorMeaning).sort()).toEqual([...all].sort());
    for (const code of all) expect(errorMeaning[code]).toMatch(/^[A-Z].+\.$/);
  });
});
