import { ApiPath } from '@exchange-web/protocol/paths';
import { Endpoints } from '@exchange-web/protocol/endpoints';
import type { OpenIdProof, TelegramProof, WalletProof } from '@exchange-web/protocol/third-party';
import type { MessageKey } from '@exchange-web/react/i18n/messages';
import { useEndpointActions } from '@exchange-web/react/query/useEndpointActions';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { Fragment, useCallback, useState } from 'react';
import { OPENID_PROVIDER_NAMES, openIdFailureKey, type OpenIdProvider } from './openid';
import { telegramFailureKey, telegramPerson } from './telegram';
import type { useSignInForm } from './useSignInForm';
import { walletFailureKey } from './wallet';

/** Each OpenID provider's calls. */
const OPENID_CALLS = {
  google: {
    check: Endpoints.googleCheck,
    sign: ApiPath.googleSign,
    register: ApiPath.googleRegister,
  },
  apple: { check: Endpoints.appleCheck, sign: ApiPath.appleSign, register: ApiPath.appleRegister },
} as const;

/** An identity that proved itself but has no account yet: the account on offer. */
interface UnknownIdentity {
  /** Who it is, as the page says it. */
  sentence: string;
  /** The button that creates the account. */
  action: string;
  create: () => Promise<void>;
}

/**
 * Signing in with a proof from a wallet, Telegram, Google or Apple (README "Third-party sign-in"):
 * `check` first, then `sign` for a bound identity, or an account offered for an unknown one (its proof
 * kept for `register`, through human verification). Both the log-in page and Telegram's return
 * page sign in so.
 */
export function useThirdPartySignIn(form: ReturnType<typeof useSignInForm>) {
  const { t } = useShellState();
  const endpoints = useEndpointActions();
  const { submit, showFailure } = form;
  const [unknown, setUnknown] = useState<UnknownIdentity | null>(null);

  /**
   * Signs in (or offers an account) with a proof; `prove` asks the provider for it, `check` asks
   * the gateway whether an account has it, and `offer` words the account offered.
   */
  const signInWith = useCallback(
    async <Proof,>(flow: {
      prove: () => Promise<Proof>;
      check: (proof: Proof) => Promise<{ bound: boolean }>;
      paths: { sign: string; register: string };
      offer: (proof: Proof) => { sentence: string; action: string };
      wording: (failure: unknown) => MessageKey;
    }) => {
      try {
        const proof = await flow.prove();
        const { bound } = await flow.check(proof);
        if (bound) return await submit(flow.paths.sign, proof, flow.wording);
        setUnknown({
          ...flow.offer(proof),
          create: () => submit(flow.paths.register, proof, flow.wording),
        });
      } catch (failure) {
        showFailure(failure, flow.wording);
      }
    },
    [submit, showFailure],
  );

  const withWallet = useCallback(
    (prove: () => Promise<WalletProof>) =>
      signInWith({
        prove,
        check: (proof) =>
          endpoints.call(Endpoints.walletCheck, { publicAddress: proof.publicAddress }),
        paths: { sign: ApiPath.walletSign, register: ApiPath.walletRegister },
        offer: (proof) => ({
          sentence: t('auth.walletNoAccount', { address: proof.publicAddress }),
          action: t('auth.walletCreateAccount'),
        }),
        wording: walletFailureKey,
      }),
    [signInWith, endpoints, t],
  );

  const withTelegram = useCallback(
    (prove: () => Promise<TelegramProof>) =>
      signInWith({
        prove,
        check: (proof) => endpoints.call(Endpoints.telegramCheck, { id: telegramPerson(proof).id }),
        paths: { sign: ApiPath.telegramSign, register: ApiPath.telegramRegister },
        offer: (proof) => ({
          sentence: t('auth.telegramNoAccount', { name: telegramPerson(proof).name }),
          action: t('auth.telegramCreateAccount'),
        }),
        wording: telegramFailureKey,
      }),
    [signInWith, endpoints, t],
  );

  const withOpenId = useCallback(
    (provider: OpenIdProvider, prove: () => Promise<OpenIdProof>) => {
      const calls = OPENID_CALLS[provider];
      const name = OPENID_PROVIDER_NAMES[provider];
      return signInWith({
        prove,
        // The check proves the answer once; sign or register then use what it proved.
        check: (proof) => endpoints.call(calls.check, proof),
        paths: calls,
        offer: () => ({
          sentence: t('auth.openIdNoAccount', { provider: name }),
          action: t('auth.openIdCreateAccount', { provider: name }),
        }),
        wording: openIdFailureKey,
      });
    },
    [signInWith, endpoints, t],
  );

  return { unknown, withWallet, withTelegram, withOpenId };
}

/** The account offered to an identity no account has. */
export function UnknownIdentityOffer({
  unknown,
  submitting,
}: {
  unknown: UnknownIdentity;
  submitting: boolean;
}) {
  return (
    <div className="auth-switch" role="status" data-testid="identity-unknown">
      <p>{unknown.sentence}</p>
      <button
        type="button"
        className="link-button"
        disabled={submitting}
        onClick={() => void unknown.create()}
        data-testid="identity-create-account"
      >
        {unknown.action}
      </button>
    </div>
  );
}

/** One way of signing in offered as a link-styled button. */
export interface SignInWay {
  testId: string;
  label: string;
  start: () => Promise<unknown>;
}

/** The other ways of signing in (a wallet, Telegram, Google, Apple, a passkey), in a row. */
export function SignInWays({ ways, disabled }: { ways: readonly SignInWay[]; disabled: boolean }) {
  return ways.map((way) => (
    <Fragment key={way.testId}>
      <button
        type="button"
        className="link-button"
        disabled={disabled}
        onClick={() => void way.start()}
        data-testid={way.testId}
      >
        {way.label}
      </button>{' '}
    </Fragment>
  ));
}
