/**
 * A response body already checked against its call's output schema and
 * serialised. The lobby's pages are read thousands of times a second and are
 * the same for almost everyone, so their JSON is built from cached pieces
 * instead of being re-validated and re-serialised on every request.
 */
export class PreparedBody {
  constructor(readonly json: string) {}
}
