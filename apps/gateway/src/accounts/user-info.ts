import type {
  SessionReply,
  UserInfo,
  UserInfoReply,
  UserSettings,
} from '@exchange-web/protocol/schemas';
import { mobileLoginName, starredRealName } from './login-names';
import type { UserIdentity, UserRow } from './users';

/** SPEC 3: identity level 2 means real-name verified. */
const REAL_NAME_VERIFIED_LEVEL = 2;

/**
 * The user-info record of SPEC 3 from the user's row. Our readings where SPEC 3 is silent:
 * `phone` is the mobile in login-name form (`+81 9012345678`); bind flags mean email or mobile
 * is set; `subAccount` and `childFlag` both mean the user has a main account; `switchFlag` means
 * the session reached this user by a sub-account switch.
 */
export function toUserInfo(user: UserRow, switched: boolean): UserInfo {
  const isSub = user.parent_user_id !== null;
  return {
    userId: user.user_id,
    loginName: user.login_name,
    userName: user.user_name,
    phone: user.area_code && user.mobile ? mobileLoginName(user.area_code, user.mobile) : '',
    email: user.email ?? '',
    mobile: user.mobile ?? '',
    areaCode: user.area_code ?? '',
    bindPhone: user.mobile !== null,
    bindEmail: user.email !== null,
    bindGoogle: user.google_bound,
    isFund: user.fund_password_set,
    fundValue: user.fund_value,
    fundDisabled: user.fund_disabled,
    antiPhishingCode: user.anti_phishing_code,
    hasRealValidate: user.identity_level >= REAL_NAME_VERIFIED_LEVEL,
    identityLevel: user.identity_level,
    openOtc: user.open_otc,
    openContract: user.open_contract,
    openGtFees: user.open_gt_fees,
    realName: user.real_name,
    starRealName: starredRealName(user.real_name),
    emailEnable: user.email_enabled,
    phoneEnable: user.phone_enabled,
    googleEnable: user.google_enabled,
    nickName: user.nick_name,
    familyName: user.family_name,
    givenName: user.given_name,
    frozen: user.frozen,
    subAccount: isSub,
    userType: user.user_type,
    childFlag: isSub,
    showUserVip: user.show_user_vip,
    vipLevel: user.vip_level,
    switchFlag: switched,
    createdDate: user.created_at.getTime(),
    updatedDate: user.updated_at.getTime(),
  };
}

/** The short settings flags of SPEC 3, from the same fields as the user info. */
export function toUserSettings(info: UserInfo): UserSettings {
  return {
    mbf: info.bindPhone,
    ebf: info.bindEmail,
    gbf: info.bindGoogle,
    tbf: info.isFund,
    tpi: info.fundValue,
    tpl: info.fundDisabled,
    kf: info.identityLevel,
    oo: info.openOtc,
    oc: info.openContract,
    ob: info.openGtFees,
    eef: info.emailEnable,
    mef: info.phoneEnable,
    gef: info.googleEnable,
  };
}

/** The whole user-info reply (SPEC 3, SPEC 7 `v1/user/overview/userinfo`). */
export function toUserInfoReply(user: UserRow, switched: boolean): UserInfoReply {
  const userInfo = toUserInfo(user, switched);
  return {
    userInfo,
    settings: toUserSettings(userInfo),
    loginName: userInfo.loginName,
    userName: userInfo.userName,
  };
}

/** Who a login, registration or switch leaves the session acting as. */
export const toSessionReply = (user: UserIdentity, subAccount: boolean): SessionReply => ({
  userId: user.user_id,
  loginName: user.login_name,
  userName: user.user_name,
  subAccount,
});
