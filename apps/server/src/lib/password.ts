import { hash, verify, type Algorithm } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes): ≈30 ms a hash on this machine.
// 2 = Algorithm.Argon2id (a const enum, not importable under verbatimModuleSyntax).
const OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

/** False for a malformed stored hash as well as for a wrong password. */
export const verifyPassword = async (storedHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
};
