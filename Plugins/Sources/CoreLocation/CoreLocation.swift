// `import CoreLocation` in an app's model file (a landmark with a
// coordinate, kept because a layout's data source names the model): the
// values such a model holds, so that the file compiles here without an edit.
// stk has no location services; nothing here measures or finds a place.
//
// As on iOS, the coordinate is a plain struct with no conformances (it is a
// C struct there): an app that declares `extension CLLocationCoordinate2D:
// Equatable` still compiles, and one that relies on a conformance it never
// declared fails here as it fails there.
import Foundation

public typealias CLLocationDegrees = Double
public typealias CLLocationDistance = Double
public typealias CLLocationAccuracy = Double
public typealias CLLocationDirection = Double
public typealias CLLocationSpeed = Double

/// A latitude and a longitude, in degrees.
public struct CLLocationCoordinate2D {
    public var latitude: CLLocationDegrees
    public var longitude: CLLocationDegrees

    public init() {
        latitude = 0
        longitude = 0
    }

    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// Whether a coordinate is on the globe: a latitude within ±90 and a
/// longitude within ±180.
public func CLLocationCoordinate2DIsValid(_ coordinate: CLLocationCoordinate2D) -> Bool {
    abs(coordinate.latitude) <= 90 && abs(coordinate.longitude) <= 180
}

/// The coordinate iOS uses for "none".
public let kCLLocationCoordinate2DInvalid = CLLocationCoordinate2D(latitude: -180, longitude: -180)

/// A place as a model keeps one: its coordinate and altitude.
open class CLLocation: NSObject {
    public let coordinate: CLLocationCoordinate2D
    public let altitude: CLLocationDistance

    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        coordinate = CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
        altitude = 0
    }
}
