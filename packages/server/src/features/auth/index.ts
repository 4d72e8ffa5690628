/** What other features use of auth: sessions (who is calling) and password hashes. */
export { authenticate, createSession, endAllSessions, endOtherSessions, endSession, type NewSession } from './sessions';
export { hashPassword, verifyPassword } from './passwords';
