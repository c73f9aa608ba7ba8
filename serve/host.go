package serve

import (
	"fmt"
	"mime"
	"net"
	"net/http"
	"strconv"
	"strings"
)

// loopbackHost refuses, with bad_host (421), a request on a TCP listener
// whose Host header is not a loopback name or address with the
// listener's port: a web page whose name an attacker re-points at
// 127.0.0.1 (DNS rebinding) sends its own name, and must not read the
// files the roots allow. A unix socket needs no such check: no browser
// reaches it.
func loopbackHost(port int, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !isLoopbackHost(r.Host, port) {
			writeError(w, &Error{Code: CodeHost, Message: fmt.Sprintf("Host %q is not this server: use localhost, 127.0.0.1 or [::1] with port %d", r.Host, port)})
			return
		}
		next.ServeHTTP(w, r)
	})
}

// isLoopbackHost reports whether host (a Host header) names a loopback
// address — localhost, 127.0.0.0/8 or ::1 — with port, which may be left
// out only when it is 80.
func isLoopbackHost(host string, port int) bool {
	name, p, err := net.SplitHostPort(host)
	if err != nil {
		name, p = host, "80" // no port (or a malformed one, refused below)
		if strings.HasPrefix(name, "[") != strings.HasSuffix(name, "]") {
			return false
		}
		name = strings.TrimSuffix(strings.TrimPrefix(name, "["), "]")
	}
	if p != strconv.Itoa(port) {
		return false
	}
	name = strings.TrimSuffix(strings.ToLower(name), ".")
	if name == "localhost" {
		return true
	}
	ip := net.ParseIP(name)
	return ip != nil && ip.IsLoopback()
}

// isJSON reports whether a Content-Type header says application/json
// (with any parameters). A form or text/plain body, which a web page may
// send to any address without asking, is refused before it is read.
func isJSON(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && mt == "application/json"
}
