/** Passwords: Authenticate with a password, Password/* (reset by email, change), and Admin's reset link. */
export { loginRoutes } from './login-routes';
export { passwordRoutes } from './routes';
export { preparePasswordReset, queueResetEmail, RESET_PURPOSE } from './service';
