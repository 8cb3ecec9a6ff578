print("fontd")
