from django.urls import path

from rules import views

urlpatterns = [
    path("rulings/new/", views.ruling_new, name="ruling-new"),
    path("rulings/<int:ruling_id>/", views.ruling_detail, name="ruling-detail"),
]
