/** An answer that only says the action was done. */
export interface OkAnswer {
  ok: true;
}
