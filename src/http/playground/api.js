// The service's JSON API as the page calls it (openapi.yaml): one function, and the Problem an
// error answer (RFC 9457 problem details) becomes.

export class Problem extends Error {
  constructor(body, status) {
    super(body && body.detail ? body.detail : `the service answered ${status}`);
    this.body = body;
    this.status = status;
  }
}

/** Calls the API; resolves to the JSON body of a 2xx, rejects with a Problem carrying `detail`. */
export async function api(method, path, body) {
  const init = { method, headers: { accept: "application/json" } };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new Problem({ detail: `the service could not be reached (${err.message})` }, 0);
  }
  const text = await response.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  if (!response.ok) throw new Problem(json, response.status);
  return json;
}

/** Calls `POST path` for a drawing of type `accept`; resolves to its Blob, rejects with a Problem. */
export async function drawing(path, body, accept) {
  let response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { accept, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (err) {
    throw new Problem({ detail: `the service could not be reached (${err.message})` }, 0);
  }
  if (!response.ok) {
    const problem = await response.json().catch(() => null);
    throw new Problem(problem, response.status);
  }
  return response.blob();
}
