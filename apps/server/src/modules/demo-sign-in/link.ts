import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The secret of one start's demo sign-in link: kept as a hash, compared in constant time, spent once
 * it has signed someone in. A use that signed nobody in (the person is still pending) gives it back,
 * so the demo's pending user can see the pending page, be approved, and come back signed in.
 */
export interface DemoLinkToken {
  /** The token to print (in the link). */
  readonly token: string;
  /** Takes the link for one use if `candidate` is its token and nobody holds or spent it. */
  take(candidate: string): boolean;
  /** After a use that signed nobody in: usable again. */
  giveBack(): void;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

export const createDemoLinkToken = (token = randomBytes(32).toString('base64url')): DemoLinkToken => {
  const expected = digest(token);
  let taken = false;
  return {
    token,
    take: (candidate) => {
      if (taken || !timingSafeEqual(digest(candidate), expected)) return false;
      taken = true;
      return true;
    },
    giveBack: () => {
      taken = false;
    },
  };
};
