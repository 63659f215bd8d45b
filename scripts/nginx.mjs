// Finds Debian's nginx for the rolling-restart test (two instances behind a load balancer);
// installs it with apt when it can, else stops with how to install it. The test never installs.
import { findOrInstall } from './debian-package.mjs';

export const ensureNginx = () => {
  const nginx = findOrInstall('nginx', ['/usr/sbin/nginx', '/usr/bin/nginx']);
  if (nginx) return nginx;
  process.stderr.write(
    'The rolling-restart test needs nginx and none was found.\n' + 'Install it with: sudo apt-get install nginx   (Debian/Ubuntu)\n',
  );
  process.exit(1);
};
