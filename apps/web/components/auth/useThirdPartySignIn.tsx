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

  /** Signs in (or offers an account) with a proof; `prove` asks the provider for it. */
  const withWallet = useCallback(
    async (prove: () => Promise<WalletProof>) => {
      const wording = walletFailureKey;
      try {
        const proof = await prove();
        const { bound } = await endpoints.call(Endpoints.walletCheck, {
          publicAddress: proof.publicAddress,
        });
        if (bound) return await submit(ApiPath.walletSign, proof, wording);
        setUnknown({
          sentence: t('auth.walletNoAccount', { address: proof.publicAddress }),
          action: t('auth.walletCreateAccount'),
          create: () => submit(ApiPath.walletRegister, proof, wording),
        });
      } catch (failure) {
        showFailure(failure, wording);
      }
    },
    [endpoints, submit, showFailure, t],
  );

  const withTelegram = useCallback(
    async (prove: () => Promise<TelegramProof>) => {
      const wording: (failure: unknown) => MessageKey = telegramFailureKey;
      try {
        const proof = await prove();
        const person = telegramPerson(proof);
        const { bound } = await endpoints.call(Endpoints.telegramCheck, { id: person.id });
        if (bound) return await submit(ApiPath.telegramSign, proof, wording);
        setUnknown({
          sentence: t('auth.telegramNoAccount', { name: person.name }),
          action: t('auth.telegramCreateAccount'),
          create: () => submit(ApiPath.telegramRegister, proof, wording),
        });
      } catch (failure) {
        showFailure(failure, wording);
      }
    },
    [endpoints, submit, showFailure, t],
  );

  const withOpenId = useCallback(
    async (provider: OpenIdProvider, prove: () => Promise<OpenIdProof>) => {
      const wording: (failure: unknown) => MessageKey = openIdFailureKey;
      const calls = OPENID_CALLS[provider];
      const name = OPENID_PROVIDER_NAMES[provider];
      try {
        const proof = await prove();
        // The check proves the answer once; sign or register then use what it proved.
        const { bound } = await endpoints.call(calls.check, proof);
        if (bound) return await submit(calls.sign, proof, wording);
        setUnknown({
          sentence: t('auth.openIdNoAccount', { provider: name }),
          action: t('auth.openIdCreateAccount', { provider: name }),
          create: () => submit(calls.register, proof, wording),
        });
      } catch (failure) {
        showFailure(failure, wording);
      }
    },
    [endpoints, submit, showFailure, t],
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
