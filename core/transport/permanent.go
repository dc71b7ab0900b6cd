package transport

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net"
	"net/url"
	"strings"
)

// The reasons given for errors that no retry can fix. They become the
// classify.Decision's reason; the error itself is returned unchanged.
const (
	reasonCertificate = "certificate rejected: the server's certificate failed verification (unknown authority, expired, or not for this host), and a retry gets the same one; do not retry"
	reasonURL         = "bad URL: the request's URL cannot be sent (malformed, no host, an address that cannot be dialled, or a scheme the transport does not speak); fix it, do not retry"
	reasonRequest     = "bad request: net/http refused the request's method, header or trailer before sending it; fix it, do not retry"
)

// netHTTPRefusals are phrases of the messages net/http's Transport
// returns, before it dials, for a request it will never send: these errors
// have no types of their own. A test sends such requests through a real
// http.Transport, so a change of wording in net/http fails it.
var netHTTPRefusals = []struct{ phrase, reason string }{
	{"unsupported protocol scheme ", reasonURL},
	{"http: no Host in request URL", reasonURL},
	{"net/http: invalid method ", reasonRequest},
	{"net/http: invalid header ", reasonRequest},
	{"net/http: invalid trailer ", reasonRequest},
}

// permanentReason says why err, returned by the base transport, cannot
// succeed on a retry, or returns "" when a retry may help. core/classify
// cannot tell these errors apart: it imports neither net nor crypto.
func permanentReason(err error) string {
	var (
		verification *tls.CertificateVerificationError
		authority    x509.UnknownAuthorityError
		invalid      x509.CertificateInvalidError
		hostname     x509.HostnameError
		parse        *url.Error
		addr         *net.AddrError
	)
	switch {
	case errors.As(err, &verification), errors.As(err, &authority),
		errors.As(err, &invalid), errors.As(err, &hostname):
		return reasonCertificate
	case errors.As(err, &parse) && parse.Op == "parse", errors.As(err, &addr):
		return reasonURL
	}
	msg := err.Error() // a wrapper's message holds the wrapped one's
	for _, r := range netHTTPRefusals {
		if strings.Contains(msg, r.phrase) {
			return r.reason
		}
	}
	return ""
}
