package classify

import "strconv"

// Status classifies an HTTP response status code.
//
//	Retry    408, 409, 429, 502, 503, 504, 529
//	Caution  500, 507 and any 5xx not listed here (for example the 52x
//	         codes some CDNs send when they cannot reach the origin)
//	Never    every 4xx not listed above (400, 401, 403, 404, 422, ...),
//	         501, 505, 506, 508, 510, 511,
//	         1xx and 3xx (reason says "not an error"), 2xx ("success"),
//	         and codes outside 100-599 ("invalid status")
//
// 409 Conflict is a Retry because an API with idempotency keys answers it
// while a request with the same key is still being processed; a 409 for a
// genuine conflict (say, an edit race) will not go away by itself, so a
// caller that knows its API means that should treat it as Never.
//
// The 5xx codes classified Never describe a server that will answer the same
// way until someone changes its setup or the request: 501 (method not
// supported), 505 (HTTP version), 506 and 508 (server misconfiguration),
// 510 (extension required) and 511 (log in to the network first).
func Status(code int) Decision {
	label := statusLabel(code)
	switch {
	case code < 100 || code > 599:
		return Decision{Never, "invalid status " + strconv.Itoa(code) + ": not an HTTP status code"}
	case code < 200:
		return Decision{Never, label + ": not an error (an interim response); nothing to retry"}
	case code < 300:
		return Decision{Never, label + ": success; nothing to retry"}
	case code < 400:
		return Decision{Never, label + ": not an error (a redirect); nothing to retry"}
	}

	switch code {
	case 408:
		return Decision{Retry, label + ": the server gave up waiting for the request; retry"}
	case 409:
		return Decision{Retry, label + ": a request with the same idempotency key is still in flight; retry later"}
	case 429:
		return Decision{Retry, label + ": the server asked us to slow down; retry after waiting"}
	case 400:
		return Decision{Never, label + ": the request is malformed; fix it rather than retry"}
	case 401:
		return Decision{Never, label + ": the credentials are missing or invalid; fix them rather than retry"}
	case 403:
		return Decision{Never, label + ": the credentials do not allow this request; retrying will not change that"}
	case 404:
		return Decision{Never, label + ": the resource does not exist; retrying will not create it"}
	case 422:
		return Decision{Never, label + ": the request is well-formed but invalid; fix it rather than retry"}
	case 500:
		return Decision{Caution, label + ": the failure may be transient, but the work may have been done; retry a few times at most, only if safe to repeat"}
	case 501:
		return Decision{Never, label + ": the server does not support this request; it will fail the same way again"}
	case 502:
		return Decision{Retry, label + ": a proxy got no valid answer from the server; retry after waiting"}
	case 503:
		return Decision{Retry, label + ": the server is overloaded or down for maintenance; retry after waiting"}
	case 504:
		return Decision{Retry, label + ": a proxy timed out waiting for the server; retry after waiting"}
	case 529:
		return Decision{Retry, label + ": the provider is over capacity; retry after waiting"}
	case 505, 506, 508, 510, 511:
		return Decision{Never, label + ": the server will answer the same way until its setup or the request changes; do not retry"}
	case 507:
		return Decision{Caution, label + ": the server is out of storage, which may be freed later; retry a few times at most"}
	}
	if code < 500 {
		return Decision{Never, label + ": a client error; the same request will fail the same way, so fix it rather than retry"}
	}
	return Decision{Caution, label + ": an unrecognized server error that may be transient; retry a few times at most, only if safe to repeat"}
}

// statusLabel returns "429 Too Many Requests", or "499 client error" when
// the code has no well-known name.
func statusLabel(code int) string {
	s := strconv.Itoa(code)
	if text := statusText(code); text != "" {
		return s + " " + text
	}
	switch code / 100 {
	case 1:
		return s + " informational"
	case 2:
		return s + " success"
	case 3:
		return s + " redirect"
	case 4:
		return s + " client error"
	}
	return s + " server error"
}

// statusText names the codes a client commonly meets (RFC 9110 names, plus
// 429 from RFC 6585 and 529 as model APIs use it). It is a function rather
// than a map so the package holds no mutable state.
func statusText(code int) string {
	switch code {
	case 100:
		return "Continue"
	case 101:
		return "Switching Protocols"
	case 200:
		return "OK"
	case 201:
		return "Created"
	case 202:
		return "Accepted"
	case 204:
		return "No Content"
	case 301:
		return "Moved Permanently"
	case 302:
		return "Found"
	case 303:
		return "See Other"
	case 304:
		return "Not Modified"
	case 307:
		return "Temporary Redirect"
	case 308:
		return "Permanent Redirect"
	case 400:
		return "Bad Request"
	case 401:
		return "Unauthorized"
	case 402:
		return "Payment Required"
	case 403:
		return "Forbidden"
	case 404:
		return "Not Found"
	case 405:
		return "Method Not Allowed"
	case 406:
		return "Not Acceptable"
	case 407:
		return "Proxy Authentication Required"
	case 408:
		return "Request Timeout"
	case 409:
		return "Conflict"
	case 410:
		return "Gone"
	case 411:
		return "Length Required"
	case 412:
		return "Precondition Failed"
	case 413:
		return "Content Too Large"
	case 414:
		return "URI Too Long"
	case 415:
		return "Unsupported Media Type"
	case 416:
		return "Range Not Satisfiable"
	case 417:
		return "Expectation Failed"
	case 421:
		return "Misdirected Request"
	case 422:
		return "Unprocessable Content"
	case 425:
		return "Too Early"
	case 426:
		return "Upgrade Required"
	case 428:
		return "Precondition Required"
	case 429:
		return "Too Many Requests"
	case 431:
		return "Request Header Fields Too Large"
	case 451:
		return "Unavailable For Legal Reasons"
	case 500:
		return "Internal Server Error"
	case 501:
		return "Not Implemented"
	case 502:
		return "Bad Gateway"
	case 503:
		return "Service Unavailable"
	case 504:
		return "Gateway Timeout"
	case 505:
		return "HTTP Version Not Supported"
	case 506:
		return "Variant Also Negotiates"
	case 507:
		return "Insufficient Storage"
	case 508:
		return "Loop Detected"
	case 510:
		return "Not Extended"
	case 511:
		return "Network Authentication Required"
	case 529:
		return "Overloaded"
	}
	return ""
}
