package progfmt

// The front end's errors.Is, As and AsType (written in the program, so
// that they see the program's own error types) walk an error tree whose
// compiled nodes, such as errors.Join's, the interpreter cannot assert
// to an interface type: these read them natively.

// UnwrapMany returns what err's Unwrap() []error method returns, and
// whether it has one.
func UnwrapMany(err error) ([]error, bool) {
	if x, ok := err.(interface{ Unwrap() []error }); ok {
		return x.Unwrap(), true
	}
	return nil, false
}

// CallIs reports whether err has an Is(error) bool method that reports
// target.
func CallIs(err, target error) bool {
	x, ok := err.(interface{ Is(error) bool })
	return ok && x.Is(target)
}
