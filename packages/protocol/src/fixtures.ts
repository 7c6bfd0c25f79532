/**
 * Test doubles of the contract for every package's tests: complete, valid values that a test
 * overrides where it is about something. Data only.
 */
import type { UserInfoReply } from './schemas';
import type { Ticker } from './trading';

/**
 * A full user-info reply (SPEC 3 "User info", every field and settings flag) of an email-bound,
 * contract-enabled trader.
 * @example const reply = userInfoReplyFixture('1001'); reply.settings.kf = 2;
 */
export function userInfoReplyFixture(userId = '10001'): UserInfoReply {
  return {
    userInfo: {
      userId,
      loginName: 'trader@example.com',
      userName: 'trader',
      phone: '',
      email: 'trader@example.com',
      mobile: '',
      areaCode: '',
      bindPhone: false,
      bindEmail: true,
      bindGoogle: false,
      isFund: false,
      fundValue: 0,
      fundDisabled: false,
      antiPhishingCode: '',
      hasRealValidate: false,
      identityLevel: 0,
      openOtc: false,
      openContract: true,
      openGtFees: false,
      realName: '',
      starRealName: '',
      emailEnable: true,
      phoneEnable: false,
      googleEnable: false,
      nickName: 'trader',
      familyName: '',
      givenName: '',
      frozen: false,
      subAccount: false,
      userType: 0,
      childFlag: false,
      showUserVip: false,
      vipLevel: 0,
      switchFlag: false,
      createdDate: 1_700_000_000_000,
      updatedDate: 1_700_000_000_000,
    },
    settings: {
      mbf: false,
      ebf: true,
      gbf: false,
      tbf: false,
      tpi: 0,
      tpl: false,
      kf: 0,
      oo: false,
      oc: true,
      ob: false,
      eef: true,
      mef: false,
      gef: false,
    },
    loginName: 'trader@example.com',
    userName: 'trader',
  };
}

/**
 * A market ticker whose prices all stand at `last`, with no change over 24 h.
 * @example const prices = usdtPrices([tickerFixture('BTCUSDT', '65000')], { BTCUSDT: 'BTC' });
 */
export function tickerFixture(symbol: string, last: string): Ticker {
  return {
    symbol,
    last,
    mark: last,
    open24h: last,
    high24h: last,
    low24h: last,
    change24h: '0',
    volume24h: '1',
    time: 1_700_000_000_000,
  };
}
