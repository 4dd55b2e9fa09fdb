/// What the browser tests ask of a page beyond its DOM: where the state machine's boxes stand
/// once laid out, and which pixels a change to the page changed.
extension ExplorationReportBrowserTests {
  /// A box in page pixels.
  struct Box: Decodable, CustomStringConvertible {
    let x, y, width, height: Double

    func contains(_ box: Box) -> Bool {
      box.x >= x - 1 && box.y >= y - 1 && box.x + box.width <= x + width + 1 && box.y + box.height <= y + height + 1
    }
    func overlaps(_ other: Box) -> Bool {
      min(x + width, other.x + other.width) - max(x, other.x) > 1
        && min(y + height, other.y + other.height) - max(y, other.y) > 1
    }
    var description: String { "(\(x), \(y), \(width)×\(height))" }
  }

  /// The state machine's picture as laid out, written into the page by ``geometryProbe``.
  struct Geometry: Decodable {
    struct Node: Decodable {
      let id: String
      let box: Box
      /// Whether every line of the node's label lies within its box.
      let labelFits: Bool
    }
    let graph: Box
    let nodes: [Node]
  }

  /// A script that writes the picture's geometry, as JSON, into `<pre id="geometry">`.
  static let geometryProbe = """
    const box = e => { const r = e.getBoundingClientRect();
      return {x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height}; };
    const inside = (a, b) => a.x >= b.x - 1 && a.y >= b.y - 1 && a.x + a.width <= b.x + b.width + 1
      && a.y + a.height <= b.y + b.height + 1;
    const nodes = [...document.querySelectorAll('svg.graph g.node')].map(g => {
      const rect = box(g.querySelector('rect'));
      return {id: g.id, box: rect, labelFits: [...g.querySelectorAll('text')].every(t => inside(box(t), rect))};
    });
    const pre = document.createElement('pre');
    pre.id = 'geometry';
    pre.textContent = JSON.stringify({graph: box(document.querySelector('svg.graph')), nodes});
    document.body.appendChild(pre);
    """

  /// Counts the pixels inside a box (`x y width height`) that differ between two PNG
  /// screenshots (8-bit RGB or RGBA) of one size.
  static let differingPixels = """
    import struct, sys, zlib
    def pixels(path):
        data = open(path, "rb").read()
        pos, idat = 8, b""
        while pos < len(data):
            length, kind = struct.unpack(">I", data[pos:pos + 4])[0], data[pos + 4:pos + 8]
            body = data[pos + 8:pos + 8 + length]
            pos += 12 + length
            if kind == b"IHDR":
                width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            elif kind == b"IDAT":
                idat += body
        raw, bpp = zlib.decompress(idat), {2: 3, 6: 4}[colour]
        stride, prev, i, rows = width * bpp, bytearray(width * bpp), 0, []
        for y in range(height):
            kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
            i += 1 + stride
            for x in range(stride):
                a = line[x - bpp] if x >= bpp else 0
                b = prev[x]
                c = prev[x - bpp] if x >= bpp else 0
                if kind == 1: line[x] = (line[x] + a) & 255
                elif kind == 2: line[x] = (line[x] + b) & 255
                elif kind == 3: line[x] = (line[x] + ((a + b) >> 1)) & 255
                elif kind == 4:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            rows.append([tuple(line[x:x + 3]) for x in range(0, stride, bpp)])
            prev = line
        return rows
    first, second = pixels(sys.argv[1]), pixels(sys.argv[2])
    x, y, w, h = (int(v) for v in sys.argv[3:7])
    print(sum(1 for row in range(y, min(y + h, len(first))) for col in range(x, min(x + w, len(first[0])))
              if first[row][col] != second[row][col]))
    """
}
