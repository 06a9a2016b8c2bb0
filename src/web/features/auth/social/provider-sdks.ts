/**
 * The providers' browser SDKs, each loaded from the provider on first use (never with the page),
 * with just the types of the calls sign-in makes.
 */

const GOOGLE_SDK = 'https://accounts.google.com/gsi/client';
const FACEBOOK_SDK = 'https://connect.facebook.net/en_US/sdk.js';
const FACEBOOK_SDK_VERSION = 'v20.0';
const APPLE_SDK = 'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js';

interface GoogleButtonOptions {
  type: 'standard';
  theme: 'outline';
  size: 'large';
  text: 'continue_with';
  shape: 'rectangular';
  logo_alignment: 'center';
  width: number;
  locale: string;
}

interface GoogleIdentityServices {
  accounts: {
    id: {
      initialize(config: { client_id: string; callback(response: { credential?: string }): void; ux_mode: 'popup' }): void;
      renderButton(parent: HTMLElement, options: GoogleButtonOptions): void;
    };
  };
}

interface FacebookLoginResponse {
  status: string;
  authResponse?: { accessToken?: string } | null;
}

interface FacebookSdk {
  init(options: { appId: string; version: string; cookie: boolean; xfbml: boolean; status: boolean }): void;
  login(callback: (response: FacebookLoginResponse) => void, options: { scope: string }): void;
}

interface AppleSignInAnswer {
  authorization?: { id_token?: string; code?: string };
  /** Only on the first sign-in of a person to this service. */
  user?: { email?: string; name?: { firstName?: string; lastName?: string } };
}

interface AppleIdSdk {
  auth: {
    init(config: { clientId: string; scope: string; redirectURI: string; usePopup: boolean }): void;
    signIn(): Promise<AppleSignInAnswer>;
  };
}

declare global {
  interface Window {
    google?: GoogleIdentityServices;
    FB?: FacebookSdk;
    AppleID?: AppleIdSdk;
  }
}

const scripts = new Map<string, Promise<void>>();

/** One <script> per SDK; a failed load is forgotten so the next press tries again. */
function loadScript(src: string): Promise<void> {
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        script.remove();
        scripts.delete(src);
        reject(new Error(`Could not load ${src}`));
      };
      document.head.append(script);
    });
    scripts.set(src, loading);
  }
  return loading;
}

async function loadedGlobal<Name extends 'google' | 'FB' | 'AppleID'>(src: string, name: Name): Promise<NonNullable<Window[Name]>> {
  await loadScript(src);
  const sdk = window[name];
  if (!sdk) throw new Error(`${src} loaded without defining window.${name}`);
  return sdk;
}

let googleClientId: string | null = null;
let onGoogleCredential: (credential: string | undefined) => void = () => undefined;

/**
 * Google's own button (Identity Services render it; a press gives an ID token, the `credential`).
 * Initialised once per client id: the SDK keeps one configuration per page, so the latest button's
 * handler receives the credential.
 */
export async function renderGoogleButton(
  parent: HTMLElement,
  { clientId, locale, onCredential }: { clientId: string; locale: string; onCredential(credential: string | undefined): void },
) {
  const google = await loadedGlobal(GOOGLE_SDK, 'google');
  onGoogleCredential = onCredential;
  if (googleClientId !== clientId) {
    google.accounts.id.initialize({ client_id: clientId, ux_mode: 'popup', callback: (response) => onGoogleCredential(response.credential) });
    googleClientId = clientId;
  }
  google.accounts.id.renderButton(parent, {
    type: 'standard',
    theme: 'outline',
    size: 'large',
    text: 'continue_with',
    shape: 'rectangular',
    logo_alignment: 'center',
    // Google draws buttons 200 to 400 px wide.
    width: Math.max(200, Math.min(400, parent.clientWidth)),
    locale,
  });
}

let facebookAppId: string | null = null;

export async function loadFacebook(appId: string): Promise<FacebookSdk> {
  const facebook = await loadedGlobal(FACEBOOK_SDK, 'FB');
  if (facebookAppId !== appId) {
    facebook.init({ appId, version: FACEBOOK_SDK_VERSION, cookie: false, xfbml: false, status: false });
    facebookAppId = appId;
  }
  return facebook;
}

/** The Facebook login pop-up: the user access token, or null when the shopper cancelled (docs/product/storefront.md §8: only logged). */
export async function facebookAccessToken(appId: string): Promise<string | null> {
  const facebook = await loadFacebook(appId);
  const response = await new Promise<FacebookLoginResponse>((resolve) => facebook.login(resolve, { scope: 'public_profile,email' }));
  const token = response.authResponse?.accessToken;
  if (!token) console.info('Facebook login was cancelled', response.status);
  return token ?? null;
}

let appleConfig: string | null = null;

export async function loadApple(clientId: string, redirectUrl: string): Promise<AppleIdSdk> {
  const apple = await loadedGlobal(APPLE_SDK, 'AppleID');
  const config = `${clientId} ${redirectUrl}`;
  if (appleConfig !== config) {
    apple.auth.init({ clientId, scope: 'name email', redirectURI: redirectUrl, usePopup: true });
    appleConfig = config;
  }
  return apple;
}

/**
 * The Sign in with Apple pop-up: the ID token, and the name Apple tells only on a person's first
 * sign-in; null when the shopper closed the pop-up or Apple gave no token (docs/product/storefront.md §8: only logged).
 */
export async function appleIdToken(clientId: string, redirectUrl: string): Promise<{ idToken: string; name?: string } | null> {
  const apple = await loadApple(clientId, redirectUrl);
  let answer: AppleSignInAnswer;
  try {
    answer = await apple.auth.signIn();
  } catch (reason) {
    console.info('Sign in with Apple ended without a token', reason);
    return null;
  }
  const idToken = answer.authorization?.id_token;
  if (!idToken) {
    console.warn('Sign in with Apple answered without an ID token');
    return null;
  }
  const name = [answer.user?.name?.firstName, answer.user?.name?.lastName].filter(Boolean).join(' ');
  return { idToken, name: name || undefined };
}
