package render

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"image"
	"math"
	"sort"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// Regioner is implemented by a Board that names close-ups of its map
// (Tonkin's delta, the border, ...): rectangles of the full image, by
// name. A region's PNG is that part of the full drawing, so it shows
// exactly what the full map shows there, and no more.
type Regioner interface {
	Regions() map[string]image.Rectangle
}

// Regions lists the region names of a title's board, sorted (none when
// the board names none or the title has no board).
func (r *Renderer) Regions(title string) []string {
	l, ok := r.boards[title]
	if !ok {
		return nil
	}
	rg, ok := l.board.(Regioner)
	if !ok {
		return nil
	}
	var out []string
	for k := range rg.Regions() {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Focuser is implemented by a Board that can say where things happened
// between two views of one viewer (a command's before and after): the
// close-up that the post after a resolution shows (issue 15, item 4). It
// must decide from the two views alone, as Dynamic draws, so that it
// tells a viewer nothing the two maps would not.
type Focuser interface {
	// Focus is the close-up around what changed from before to after
	// and what after marks as just happened, or false when nothing did.
	// before may be the zero View (no board): after's marks alone.
	Focus(before, after adjudicator.View) (image.Rectangle, bool)
}

// Focus is the close-up around what happened from before to after, if
// their board names one (Focuser).
func (r *Renderer) Focus(before, after adjudicator.View) (image.Rectangle, bool) {
	l, ok := r.boards[after.Title]
	if !ok {
		return image.Rectangle{}, false
	}
	f, ok := l.board.(Focuser)
	if !ok {
		return image.Rectangle{}, false
	}
	return f.Focus(before, after)
}

// PNGCrop draws v cropped to rect (cut to the image), a close-up that
// Focus gave.
func (r *Renderer) PNGCrop(v adjudicator.View, rect image.Rectangle) ([]byte, error) {
	if rect.Empty() {
		return nil, fmt.Errorf("render: an empty crop %v", rect)
	}
	return r.pngRect(v, rect, fmt.Sprintf("crop %v", rect))
}

// PNGRegion draws v cropped to one of its board's regions; region ""
// is the whole map (PNG). Region PNGs are cached with the full maps,
// keyed by the view and the region.
func (r *Renderer) PNGRegion(v adjudicator.View, region string) ([]byte, error) {
	if region == "" {
		return r.PNG(v)
	}
	l, ok := r.boards[v.Title]
	if !ok {
		return nil, fmt.Errorf("render: no map drawing for title %q", v.Title)
	}
	rg, ok := l.board.(Regioner)
	if !ok {
		return nil, fmt.Errorf("render: the %s map has no regions", v.Title)
	}
	regions := rg.Regions()
	rect, ok := regions[region]
	if !ok {
		region = RegionName(region)
		rect, ok = regions[region]
	}
	if !ok {
		var names []string
		for k := range regions {
			names = append(names, k)
		}
		sort.Strings(names)
		return nil, fmt.Errorf("render: the %s map has no region %q; regions are %s", v.Title, region, strings.Join(names, ", "))
	}
	return r.pngRect(v, rect, "region "+region)
}

// pngRect draws v cropped to rect, cached under v and what (which names
// rect).
func (r *Renderer) pngRect(v adjudicator.View, rect image.Rectangle, what string) ([]byte, error) {
	l, ok := r.boards[v.Title]
	if !ok {
		return nil, fmt.Errorf("render: no map drawing for title %q", v.Title)
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	h := sha256.New()
	h.Write(raw)
	h.Write([]byte("\x00crop\x00" + what))
	var key [32]byte
	copy(key[:], h.Sum(nil))
	if !r.nocache {
		r.mu.Lock()
		if el, ok := r.cache[key]; ok {
			r.lru.MoveToFront(el)
			b := el.Value.(*entry).png
			r.mu.Unlock()
			return bytes.Clone(b), nil
		}
		r.mu.Unlock()
	}
	png, err := r.drawRegion(l, v, rect)
	if err != nil || r.nocache {
		return png, err
	}
	r.mu.Lock()
	if _, ok := r.cache[key]; !ok {
		r.cache[key] = r.lru.PushFront(&entry{key: key, png: png})
		for r.lru.Len() > CacheSize {
			old := r.lru.Back()
			r.lru.Remove(old)
			delete(r.cache, old.Value.(*entry).key)
		}
	}
	r.mu.Unlock()
	return bytes.Clone(png), nil
}

// A crop reads on a phone when the text on its counters is at least
// MinTextPx pixels high once the image is shown PreviewWidth pixels wide
// (Discord's inline preview on a phone; issue 15, item 4): a crop is no
// wider than PreviewWidth*smallest/MinTextPx pixels, where smallest is the
// smallest font size of the counters' text.
const (
	PreviewWidth = 400
	MinTextPx    = 10
)

// ReadableWidth is the widest crop in which text of font size px still
// reads at MinTextPx in a PreviewWidth preview.
func ReadableWidth(px float64) int {
	return int(math.Floor(px * PreviewWidth / MinTextPx))
}

// CropAround is a w x h rectangle centred on (x, y), moved inside bounds
// (and cut to them if larger).
func CropAround(x, y float64, w, h int, bounds image.Rectangle) image.Rectangle {
	r := image.Rect(0, 0, w, h).Add(image.Pt(int(math.Round(x))-w/2, int(math.Round(y))-h/2))
	if r.Max.X > bounds.Max.X {
		r = r.Sub(image.Pt(r.Max.X-bounds.Max.X, 0))
	}
	if r.Max.Y > bounds.Max.Y {
		r = r.Sub(image.Pt(0, r.Max.Y-bounds.Max.Y))
	}
	if r.Min.X < bounds.Min.X {
		r = r.Add(image.Pt(bounds.Min.X-r.Min.X, 0))
	}
	if r.Min.Y < bounds.Min.Y {
		r = r.Add(image.Pt(0, bounds.Min.Y-r.Min.Y))
	}
	return r.Intersect(bounds)
}

// RegionName is the key a region is known by for a place's name: lower
// case, accents dropped, spaces as hyphens ("Françoise" is
// "francoise", "Dien Bien Phu" "dien-bien-phu").
func RegionName(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(s)) {
		switch r {
		case 'à', 'á', 'â', 'ä', 'ã':
			r = 'a'
		case 'ç':
			r = 'c'
		case 'è', 'é', 'ê', 'ë':
			r = 'e'
		case 'ì', 'í', 'î', 'ï':
			r = 'i'
		case 'ò', 'ó', 'ô', 'ö', 'õ', 'ơ':
			r = 'o'
		case 'ù', 'ú', 'û', 'ü', 'ư':
			r = 'u'
		case ' ', '_':
			r = '-'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// drawRegion draws v in full on a kit's image and encodes the part rect.
func (r *Renderer) drawRegion(l *layer, v adjudicator.View, rect image.Rectangle) ([]byte, error) {
	k := <-r.kits
	defer func() { r.kits <- k }()
	sz := l.board.Size()
	rect = rect.Intersect(image.Rect(0, 0, sz.X, sz.Y))
	if rect.Empty() {
		return nil, fmt.Errorf("render: the region lies outside the map")
	}
	img, err := r.drawOn(l, k, v)
	if err != nil {
		return nil, err
	}
	crop := image.NewRGBA(image.Rectangle{Max: rect.Size()})
	for y := 0; y < rect.Dy(); y++ {
		o := img.PixOffset(rect.Min.X, rect.Min.Y+y)
		copy(crop.Pix[y*crop.Stride:y*crop.Stride+4*rect.Dx()], img.Pix[o:o+4*rect.Dx()])
	}
	// the crop's own buffers: the kit's paletted image is the full map's
	return l.enc.encode(crop, nil)
}
