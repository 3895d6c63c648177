/** What a live event is, shared by the modules' writes, the statement that appends them and the streams that send them. */

/** The stream every signed-in reader also follows: broadcasts. */
export const EVERYONE = 0;

/** What a module asks to be told to an account (or to everyone): a type the web knows, and its data. */
export interface LiveEventInput {
  accountId: number;
  type: string;
  data: unknown;
}

/** An event as written: its stream's sequence number orders it and resumes after it. */
export interface LiveEvent extends LiveEventInput {
  seq: number;
  createdAt: Date;
}
