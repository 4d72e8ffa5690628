/** Why a request failed, in readable words, below the form that sent it. */
export function FormProblem({ problem }: { problem: string | null }) {
  if (!problem) return null;
  return (
    <p className="form-error" role="alert">
      {problem}
    </p>
  );
}
