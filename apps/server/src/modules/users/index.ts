/** Users/*: Admin's user approval (list, approve, disable, one-time login, lifting a lockout). */
export { usersRoutes } from './routes';
