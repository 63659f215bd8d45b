/**
 * `npm run rotate-signing-key`: a new session-signing key signs from now on; the previous one stays
 * published until every token it signed has expired. Instances pick the new key up within a minute.
 */
import { rotateSigningKeyCommand } from './rotate-signing-key-command';

rotateSigningKeyCommand(process.env, new Date())
  .then(({ code, text }) => {
    (code === 0 ? process.stdout : process.stderr).write(text);
    process.exitCode = code;
  })
  .catch((error: unknown) => {
    process.stderr.write(`Rotation failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
