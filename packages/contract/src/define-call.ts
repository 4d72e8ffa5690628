import type { z } from 'zod';

/**
 * Who may make a call: anyone (even with no session), any session (guests
 * included), or only registered members (who have a DJ name).
 */
export type Access = 'anyone' | 'session' | 'member';

export interface CallDefinition<
  Name extends string = string,
  Input extends z.ZodType = z.ZodType,
  Output extends z.ZodType = z.ZodType,
  Level extends Access = Access,
> {
  name: Name;
  method: 'GET' | 'POST';
  access: Level;
  /** GET inputs arrive as strings: their schemas coerce numbers and booleans. */
  input: Input;
  output: Output;
  /**
   * Asked for constantly with the same few inputs (the lobby's pages): the server keeps the
   * checked form of each input it sees and reuses it. Only for inputs that hold nothing secret.
   */
  reuseCheckedInput?: true;
  /**
   * Only over the websocket (a frame `{type: 'call', msgid, call, input}`): calls that follow a
   * channel for the connection (room.register) or that only make sense live. Every other call
   * works over both, through the same dispatcher, with the same envelope.
   */
  transport?: 'socket';
}

export function defineCall<
  const Name extends string,
  Input extends z.ZodType,
  Output extends z.ZodType,
  const Level extends Access,
>(definition: CallDefinition<Name, Input, Output, Level>): CallDefinition<Name, Input, Output, Level> {
  return definition;
}

/** Turns a list of calls into a table keyed by name, keeping each call's types. */
export function callTable<const Calls extends readonly CallDefinition[]>(
  ...list: Calls
): { [C in Calls[number] as C['name']]: C } {
  return Object.fromEntries(list.map((call) => [call.name, call])) as never;
}
