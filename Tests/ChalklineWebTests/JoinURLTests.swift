import ChalklineHTTP
import ChalklineQR
import Testing

@Suite struct JoinURLTests {
    typealias I = JoinURL.Interface
    let laptop = [I(name: "lo", address: "127.0.0.1", ipv6: false), I(name: "docker0", address: "172.17.0.1", ipv6: false),
                  I(name: "wlp2s0", address: "fe80::1", ipv6: true), I(name: "tun0", address: "10.8.0.2", ipv6: false),
                  I(name: "wlp2s0", address: "192.168.1.23", ipv6: false), I(name: "eth9", address: "203.0.113.5", ipv6: false)]

    @Test func theLANAddressOfAPhysicalInterfaceIsChosen() {
        #expect(JoinURL.choose(publicURL: nil, bind: "0.0.0.0", port: 7420, interfaces: laptop) == "http://192.168.1.23:7420/")
        #expect(JoinURL.choose(publicURL: nil, bind: "::", port: 80, interfaces: laptop.shuffled()) == "http://192.168.1.23:80/")
    }

    @Test func aBoundAddressOrAPublicURLWins() {
        #expect(JoinURL.choose(publicURL: nil, bind: "10.0.0.7", port: 7420, interfaces: laptop) == "http://10.0.0.7:7420/")
        #expect(JoinURL.choose(publicURL: "http://quiz.school", bind: "0.0.0.0", port: 7420, interfaces: laptop) == "http://quiz.school/")
        #expect(JoinURL.choose(publicURL: nil, bind: "fd00::5", port: 7420, interfaces: []) == "http://[fd00::5]:7420/")
    }

    @Test func aMachineWithOnlyLoopbackGivesLoopback() {
        #expect(JoinURL.choose(publicURL: nil, bind: "0.0.0.0", port: 7420, interfaces: [laptop[0]]) == "http://127.0.0.1:7420/")
    }

    @Test func theQRCodeHoldsTheURLWithinAnEightyColumnScreen() throws {
        let url = JoinURL.forRoom("http://192.168.100.200:7420/", code: "ABCD")
        let matrix = try #require(QRMatrix(text: url))
        let rows = matrix.halfBlocks()
        #expect(rows.count <= 22 && rows.allSatisfy { $0.count <= 40 }, "\(matrix.size) modules")
        // The three finder patterns: a dark 7x7 ring in three corners, light in the fourth.
        for (x, y) in [(0, 0), (matrix.size - 7, 0), (0, matrix.size - 7)] {
            #expect(matrix.isDark(x: x, y: y) && matrix.isDark(x: x + 6, y: y + 6) && !matrix.isDark(x: x + 1, y: y + 1))
        }
        #expect(matrix.svg().hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    }
}
