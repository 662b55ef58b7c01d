// A Fetch Request that notes whether anything read its body stream: the read path must not, as
// asking for the body makes the Node adapter build a full Request (issue 19 item 4).
export function watchedRequest(url: string, init: RequestInit = {}) {
  const seen = { bodyRead: false }
  const request = new Request(url, init)
  const proxy = new Proxy(request, {
    get(target, prop) {
      if (prop === 'body') seen.bodyRead = true
      const value = Reflect.get(target, prop, target) as unknown
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value
    },
  })
  return { request: proxy, seen }
}
