import { hash, verify, Algorithm } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes): ≈30 ms a hash on this machine.
const OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

/** False for a malformed stored hash as well as for a wrong password. */
export const verifyPassword = async (storedHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
};
