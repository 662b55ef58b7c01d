// A Fetch Response that notes whether anything asked for its body stream: middleware after the
// handler must not, as on the Node adapter that copies a plain JSON answer into a stream (issue 19
// item 4).
export function watchedResponse(body: string, init: ResponseInit = {}) {
  const seen = { bodyRead: false }
  const response = new Proxy(new Response(body, init), {
    get(target, prop) {
      if (prop === 'body') seen.bodyRead = true
      const value = Reflect.get(target, prop, target) as unknown
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value
    },
  })
  return { response, seen }
}
