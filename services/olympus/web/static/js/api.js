// The bridge's JSON API: every call returns the parsed body or throws an ApiError.
export class ApiError extends Error {
  constructor(status, error) {
    super(error.message || `HTTP ${status}`);
    this.status = status;
    this.code = error.code || "";
    this.reason = error.reason || "";
    this.metadata = error.metadata || {}; // the ErrorInfo's, worded by prompts.js refusalText
  }
}

// The session's CSRF token: every call that changes something sends it back (X-CSRF-Token).
// A page of another site cannot read it, so it cannot make this browser change anything.
let csrf = "";

async function send(method, path, body) {
  const init = { method, headers: {}, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  if (method !== "GET") init.headers["X-CSRF-Token"] = csrf;
  const response = await fetch(path, init);
  let data = {};
  try { data = await response.json(); } catch (_) { data = {}; }
  if (typeof data.csrf_token === "string") csrf = data.csrf_token;  // a session's reply
  return { response, data };
}

export async function api(method, path, body) {
  if (method !== "GET" && !csrf) await send("GET", "/api/session");
  let { response, data } = await send(method, path, body);
  if (response.status === 403 && (data.error || {}).reason === "CSRF_REJECTED") {
    // The session ended (or never began): take the current one's token, once, and retry.
    await send("GET", "/api/session");
    ({ response, data } = await send(method, path, body));
  }
  if (!response.ok) throw new ApiError(response.status, data.error || {});
  return data;
}

let catalogue = null;
// The card catalogue (names, costs, tags, summaries), fetched once per page (the browser's
// cache keeps it a day, then revalidates it by its ETag). Compact: each card is a row of
// `fields`, made into objects here.
export function cards() {
  if (!catalogue) {
    catalogue = api("GET", "/api/cards").then((data) => new Map(data.cards.map((row) => {
      const card = {};
      data.fields.forEach((name, i) => { if (row[i] !== null) card[name] = row[i]; });
      return [card.number, card];
    })));
    catalogue.catch(() => { catalogue = null; });
  }
  return catalogue;
}
