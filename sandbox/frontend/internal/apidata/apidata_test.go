package apidata_test

import (
	"bytes"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/sandbox/frontend/internal/apidata"
	"github.com/flakylab/flakylab/sandbox/frontend/internal/apidata/apitest"
)

// Two packages that use what the allowed packages' APIs use and more:
// struct tags, big and inexact constants of every kind, every kind of
// type, generic types, aliases and their instances, constraints with
// unions and tildes, recursive types and a type of one package that the
// other's API reaches through an unexported one.
var sources = []struct{ path, src string }{
	{"example.com/base", `package base

type Ordered interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~float64 | ~string
}

type Node[T any] struct {
	Val   T
	Next  *Node[T]
	items []T
}

func (n *Node[T]) Push(v T) *Node[T] { return &Node[T]{Val: v, Next: n} }
func (n Node[T]) Len() int            { return 0 }
func (n *Node[T]) hidden()            {}

type Seq[V any] func(yield func(V) bool)

type hiddenState struct{ n int }

func (h *hiddenState) Count() int { return h.n }

type Counter struct {
	*hiddenState
	Name string ` + "`json:\"name,omitempty\" xml:\"n\"`" + `
	_    [0]func()
}

func NewCounter() Counter { return Counter{} }

type Reader interface{ Read(p []byte) (n int, err error) }
type ReadCloser interface {
	Reader
	Close() error
	closeQuietly()
}

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

type List[T any] = []T
type IntList = List[int]
type PairOf[V any] = Pair[string, V]
type Stringish interface{ ~string | ~[]byte }
`},
	{"example.com/user", `package user

import "example.com/base"

const (
	Big      = 1 << 100
	NegBig   = -(1 << 90) + 7
	Third    = 1.0 / 3
	Huge     = 1e300
	Tiny     = 1e-300
	Imag     = 2i
	Cplx     = 1.5 + 1e-200i
	Text     = "a\x00\xffb"
	Yes      = true
	Typed    float32 = 0.1
	Rune     = 'x'
	MaxU64   uint64 = 1<<64 - 1
	MinI64   int64  = -1 << 63
)

type Grid [3][4]map[string]chan<- <-chan int

var (
	Chans    struct{ A chan int; B <-chan int; C chan<- int }
	Any      any
	Err      error
	Bytes    []byte
	Runes    []rune
	Inst     base.Node[string]
	Insts    map[base.Pair[int, *base.Node[bool]]][]*base.Node[int]
	Alias    base.IntList
	AliasI   base.PairOf[float64]
	Empty    interface{}
	Iface    interface{ M(...int) (x, y string); base.Reader }
	counter  hidden
)

type hidden struct{ base.Counter }

func Counter() hidden { return hidden{} }

func Max[T base.Ordered](xs ...T) (m T) { return }
func Keys[M ~map[K]V, K comparable, V any](m M) base.Seq[K] { return nil }
func Fill[S ~[]E, E any](s S, e E) S      { return s }
func Concat[T base.Stringish](a, b T) T  { return a }
func Each(seq base.Seq[int], f func(int) bool) {}
func Variadic(prefix string, args ...any) (int, error) { return 0, nil }
func Unnamed(int, string) (bool, error) { return false, nil }

type Tree[T interface{ Less(T) bool }] struct {
	Left, Right *Tree[T]
	Val         T
}

func (t *Tree[T]) Insert(v T) *Tree[T] { return t }

type Walker interface {
	Walk(func(*Tree[Int]) bool)
}

type Int int

func (i Int) Less(j Int) bool { return i < j }
func (i Int) String() string  { return "" }

type Op func(Op) Op
`},
}

// check type-checks the sources.
func check(t testing.TB) []*types.Package {
	fset := token.NewFileSet()
	pkgs := map[string]*types.Package{}
	var out []*types.Package
	for _, s := range sources {
		f, err := parser.ParseFile(fset, s.path, s.src, 0)
		require.NoError(t, err)
		conf := types.Config{Importer: importerFunc(func(path string) (*types.Package, error) {
			if p, ok := pkgs[path]; ok {
				return p, nil
			}
			return importer.Default().Import(path)
		})}
		pkg, err := conf.Check(s.path, fset, []*ast.File{f}, nil)
		require.NoError(t, err)
		pkgs[s.path] = pkg
		out = append(out, pkg)
	}
	return out
}

type importerFunc func(string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

func TestRoundTrip(t *testing.T) {
	pkgs := check(t)
	bundle, err := apidata.Write(pkgs)
	require.NoError(t, err)
	// The user package first: it declares base's types it reaches.
	for _, order := range [][]*types.Package{pkgs, {pkgs[1], pkgs[0]}} {
		imp, err := apidata.NewImporter(bundle)
		require.NoError(t, err)
		for _, p := range order {
			_, err := imp.Import(p.Path())
			require.NoError(t, err)
		}
		diffs, n := apitest.Compare(pkgs, imp)
		assert.Empty(t, diffs)
		assert.Greater(t, n, 40)
	}
	imp, err := apidata.NewImporter(bundle)
	require.NoError(t, err)
	_, err = imp.Import("example.com/none")
	assert.Error(t, err)
}

func TestRejectsDamage(t *testing.T) {
	bundle, err := apidata.Write(check(t))
	require.NoError(t, err)
	for _, bad := range []string{"", "fmt 0\n", "flakylab types 1\nfmt", "flakylab types 1\nfmt x\n", "flakylab types 1\nfmt 10\nabc", "flakylab types 1\nfmt -1\n", "flakylab types 1\n 0\n"} {
		_, err := apidata.NewImporter([]byte(bad))
		assert.Error(t, err, "bundle %q", bad)
	}
	imp, err := apidata.NewImporter([]byte("flakylab types 1\na 0\n"))
	require.NoError(t, err)
	_, err = imp.Import("a")
	assert.Error(t, err)
	// Every truncation of an entry is an error, not a panic.
	user := bytes.Index(bundle, []byte("example.com/user "))
	for n := user; n < len(bundle); n += 7 {
		imp, err := apidata.NewImporter(bundle[:n])
		if err != nil {
			continue
		}
		_, err = imp.Import("example.com/user")
		assert.Error(t, err, "truncated at %d of %d", n, len(bundle))
	}
}

// FuzzReadBundle: damaged bundles are refused with an error, never a panic
// or a hang.
func FuzzReadBundle(f *testing.F) {
	bundle, err := apidata.Write(check(f))
	require.NoError(f, err)
	f.Add(bundle)
	f.Add(bundle[:len(bundle)/2])
	flipped := bytes.Clone(bundle)
	flipped[len(flipped)*2/3] ^= 0x10
	f.Add(flipped)
	f.Fuzz(func(t *testing.T, data []byte) {
		imp, err := apidata.NewImporter(data)
		if err != nil {
			return
		}
		for _, path := range imp.Paths() {
			if pkg, err := imp.Import(path); err == nil {
				// A package that decodes is usable.
				for _, name := range pkg.Scope().Names() {
					obj := pkg.Scope().Lookup(name)
					_ = types.ObjectString(obj, nil)
					types.NewMethodSet(obj.Type())
				}
			}
		}
	})
}
